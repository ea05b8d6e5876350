import { choicesOf } from '../../../shared/catalogue/choices';
import { EMERGENCIES, NEED_STATUSES } from '../../../shared/catalogue/needOptions';

export const EMERGENCY_CHOICES = choicesOf(EMERGENCIES);
export const STATUS_CHOICES = choicesOf(NEED_STATUSES);
