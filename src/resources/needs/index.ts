import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { lazyNamed } from '../../custom/lazyNamed';

/** The needs resource (spec §2 /need, /need/{id}). */
export default {
  list: lazyNamed(() => import('./NeedList'), 'NeedList'),
  edit: lazyNamed(() => import('./NeedEdit'), 'NeedEdit'),
  icon: PlaylistAddCheckIcon,
  recordRepresentation: 'description',
};
