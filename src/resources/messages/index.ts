import ChatIcon from '@mui/icons-material/Chat';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';
import endpoint from './api';

/** The buyer/seller rooms: /message lists them (POST /room/search), /message/{room_id} shows one conversation. */
export default defineResource({
  ...endpoint,
  menu: { label: 'Messages', icon: ChatIcon, position: 7 },
  list: lazyNamed(() => import('../../custom/chat/RoomList'), 'RoomList'),
  routes: [{ path: ':id', page: lazyNamed(() => import('../../custom/chat/RoomChat'), 'RoomChat') }],
});
