/** A need's urgency (4 values) and status (3 values, any transition allowed). */
export const EMERGENCIES = ['Maintenant', 'Dans la semaine', "D'ici un mois", "Pas d'urgence"] as const;

export const NEED_STATUSES = ['en cours', 'été traité', 'non dispo'] as const;
