import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';
import endpoint from './api';
import { LazyNeedCreate } from './lazyNeedCreate';

/** The needs: /need lists them, /need/{id} edits one. */
export default defineResource(endpoint, {
  menu: { label: 'Need', icon: PlaylistAddCheckIcon },
  list: lazyNamed(() => import('./NeedList'), 'NeedList'),
  edit: lazyNamed(() => import('./NeedEdit'), 'NeedEdit'),
  createForm: LazyNeedCreate,
  recordRepresentation: 'description',
});
