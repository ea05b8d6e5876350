/** Only the domain names are fixed; the sub-domain labels are plausible French ones. */
export const ACTIVITY_DOMAINS = {
  'Ventes et Marketing': [
    'Stratégie marketing',
    'Prospection commerciale',
    'Marketing digital',
    'Relation client',
    'Études de marché',
    'Growth hacking',
    'Force de vente externalisée',
  ],
  'Expert IA': [
    'Conseil en IA',
    'Développement de modèles',
    'Automatisation',
    'Analyse de données',
    'Chatbots et assistants',
    'Vision par ordinateur',
    'Formation IA',
  ],
  'Design et Création': ['Identité visuelle', 'Design graphique', 'UX/UI design', 'Illustration', 'Motion design', 'Packaging', 'Photographie'],
  'Média et Publicité': ['Achat média', 'Publicité en ligne', 'Relations presse', 'Affichage', 'Production vidéo', 'Influence', 'Radio et podcast'],
  Événementiel: [
    'Organisation de salons',
    'Soirées d’entreprise',
    'Team building',
    'Conférences',
    'Location de matériel',
    'Traiteur événementiel',
    'Animation',
  ],
  'Impression & Goodies': ['Impression numérique', 'Objets publicitaires', 'Textile personnalisé', 'PLV', 'Papeterie', 'Signalétique', 'Cadeaux d’affaires'],
  'Compta/ Légal': ['Expertise comptable', 'Conseil juridique', 'Paie et social', 'Audit', 'Fiscalité', 'Création d’entreprise', 'Recouvrement'],
  'Vin/Spiritueux': ['Vins', 'Champagnes', 'Spiritueux', 'Bières artisanales', 'Coffrets cadeaux', 'Dégustations', 'Caves d’entreprise'],
  Agroalimentaire: ['Épicerie fine', 'Produits frais', 'Boissons', 'Restauration collective', 'Paniers repas', 'Produits bio', 'Confiserie'],
  'Séminaires Hôtels Voyages': ['Séminaires', 'Hôtels', 'Voyages d’affaires', 'Incentives', 'Lieux de réception', 'Transport de groupes', 'Billetterie'],
  'Services généraux': ['Nettoyage', 'Sécurité', 'Maintenance', 'Accueil', 'Courrier et logistique', 'Gestion des déchets', 'Espaces verts'],
  Mobilier: ['Mobilier de bureau', 'Aménagement d’espaces', 'Sièges ergonomiques', 'Mobilier d’accueil', 'Rangement', 'Cloisons', 'Mobilier extérieur'],
  Électronique: ['Ordinateurs', 'Téléphonie', 'Audiovisuel', 'Réseaux', 'Impression et copieurs', 'Accessoires', 'Maintenance informatique'],
} as const satisfies Record<string, readonly string[]>;

export type ActivityDomain = keyof typeof ACTIVITY_DOMAINS;

export const DOMAIN_NAMES = Object.keys(ACTIVITY_DOMAINS) as ActivityDomain[];

export const isActivityDomain = (value: string): value is ActivityDomain => Object.hasOwn(ACTIVITY_DOMAINS, value);

/** The sub-domains of a domain; none for an unknown or empty domain. */
export const subDomainsOf = (domain: string | null | undefined): readonly string[] => (domain && isActivityDomain(domain) ? ACTIVITY_DOMAINS[domain] : []);

export const isSubDomainOf = (domain: string, subDomain: string): boolean => subDomainsOf(domain).includes(subDomain);
