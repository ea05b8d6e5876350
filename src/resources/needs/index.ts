import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { messages } from '../../../shared/catalogue/messages';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';
import { LazyNeedCreate } from './lazyNeedCreate';

/** The needs: /need lists them, /need/{id} edits one. */
export default defineResource({
  name: 'need',
  menu: { label: 'Need', icon: PlaylistAddCheckIcon },
  api: {
    path: '/need',
    errors: {
      list: messages.load.needs,
      one: messages.load.need,
      create: messages.failure.createNeed,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: true,
  },
  list: lazyNamed(() => import('./NeedList'), 'NeedList'),
  edit: lazyNamed(() => import('./NeedEdit'), 'NeedEdit'),
  createForm: LazyNeedCreate,
  recordRepresentation: 'description',
});
