import type { RaRecord } from 'react-admin';
import { shortText } from '../../custom/components/recordTitle';

/** A need has no name: its title is the start of its description, else its organisation. */
export const needName = (need: RaRecord): string => shortText(need.description) || shortText(need.organisation_name);
