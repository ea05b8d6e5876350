/** Two tabs of one admin are two viewers; getRandomValues, unlike randomUUID, works on a plain-HTTP address too. */
export const TAB_ID = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
