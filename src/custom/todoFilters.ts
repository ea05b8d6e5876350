/** The search criteria the dashboard's to-do opens its lists with (rooms', users' search bodies); a chip on the list says each. */
export const AWAITING_REPLY = 'awaiting_reply';
export const INVITED_NOT_SIGNED_IN = 'invited_not_signed_in';
