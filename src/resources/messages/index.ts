import ChatIcon from '@mui/icons-material/Chat';
import { messages } from '../../../shared/catalogue/messages';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';

/** The buyer/seller rooms: /message lists them (POST /room/search), /message/{room_id} shows one conversation. */
export default defineResource({
  name: 'message',
  menu: { label: 'Messages', icon: ChatIcon },
  api: {
    path: '/room',
    errors: {
      list: messages.failure.generic,
      one: messages.failure.generic,
      create: messages.failure.generic,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: false,
    // The room search answers its rows under `rooms` and takes the page size.
    listKey: 'rooms',
    sendsLimit: true,
  },
  list: lazyNamed(() => import('../../custom/chat/RoomList'), 'RoomList'),
  routes: [{ path: ':id', page: lazyNamed(() => import('../../custom/chat/RoomChat'), 'RoomChat') }],
});
