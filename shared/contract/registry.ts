import { z } from 'zod';

/** The external registry's query: a name or SIRET fragment, and the registry's API token. */
export const registryQuery = z.object({ q: z.string().trim().min(1).max(100), api_token: z.string().min(1).max(200) });

/** A company in the registry's own shape (its French field names, no envelope). */
export const registryCompanyRecord = z
  .strictObject({
    nom_entreprise: z.string(),
    denomination: z.string(),
    siege: z.strictObject({
      siret: z.string(),
      numero_voie: z.string(),
      libelle_voie: z.string(),
      adresse_ligne_1: z.string(),
      ville: z.string(),
      code_postal: z.string(),
      pays: z.string(),
    }),
    domaine_activite: z.string(),
    forme_juridique: z.string(),
    effectif: z.string(),
    chiffre_affaires: z.number(),
    date_creation: z.iso.date(),
  })
  .meta({ id: 'RegistryCompany' });
export type RegistryCompany = z.infer<typeof registryCompanyRecord>;

/** An entry as the console reads it from whichever registry it is pointed at: any field but the name may be missing. */
export type RegistryEntry = Partial<Omit<RegistryCompany, 'nom_entreprise' | 'siege'>> & {
  nom_entreprise: string;
  siege?: Partial<RegistryCompany['siege']> | null;
};

/** The registry answers without the `{ok}` envelope. */
export const registrySearchAnswer = z.strictObject({ entreprises: z.array(registryCompanyRecord), total: z.number().int().min(0) });
