import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';
import endpoint from './api';
import { needCreateForm } from './NeedCreate';

export default defineResource({
  ...endpoint,
  menu: { label: 'Need', icon: PlaylistAddCheckIcon, position: 5 },
  list: lazyNamed(() => import('./NeedList'), 'NeedList'),
  edit: lazyNamed(() => import('./NeedEdit'), 'NeedEdit'),
  createForm: needCreateForm,
  recordRepresentation: 'description',
});
