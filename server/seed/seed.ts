import { count } from 'drizzle-orm';
import { logoFolder } from '../../shared/catalogue/product';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { EMERGENCIES, NEED_STATUSES } from '../../shared/catalogue/needOptions';
import { CREDIT_RATIOS, PRICE_UNITS } from '../../shared/catalogue/offerOptions';
import { DOMAIN_NAMES } from '../../shared/catalogue/domains';
import { admins, categoryImages, companies, companyComments, creditEntries, needs, offers, roomMessages, rooms, users } from '../db/schema';
import type { FileStore } from '../lib/fileStore';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { DEMO_CREDENTIALS, DEMO_ROLE_ADMINS, demoAdmins } from './demoAdmins';
import { writeDemoPictures } from './demoLogos';
import { fictionalCompany } from './frenchCompanies';

const DAY_MS = 86_400_000;
const DEMO_COMPANIES = 240;
const firstNames = ['Alice', 'Bruno', 'Claire', 'David', 'Élodie', 'Fabien', 'Gaëlle', 'Henri', 'Isabelle', 'Julien', 'Karine', 'Luc'];
const lastNames = ['Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guerin', 'Muller', 'Henry', 'Roussel', 'Nicolas', 'Perrin'];
const commentTexts = [
  'Appel de découverte fait, très bon contact.',
  'Relancer pour le renouvellement du contrat en janvier.',
  'Demande de recharge de crédits validée.',
  'Logo mis à jour à la demande du client.',
];

/** A company's demo ledger: a purchase, then for some a spend, ending on the seeded balance. */
function demoCreditHistory(company: { id: string; creditBalance: number }, index: number, adminId: string, daysAgo: (days: number) => Date) {
  if (company.creditBalance === 0) return [];
  const spent = index % 2 === 0 ? 50 + ((index * 11) % 300) : 0;
  const bought = company.creditBalance + spent;
  const boughtDaysAgo = 7 + ((index * 5) % 77);
  const entry = (amount: number, balanceAfter: number, reason: string, days: number) => ({
    id: newId(),
    companyId: company.id,
    amount,
    balanceAfter,
    reason,
    adminId,
    adminName: 'Demo Admin',
    createdAt: daysAgo(days),
  });
  return spent
    ? [
        entry(bought, bought, bought > 0 ? 'Achat de crédits' : 'Régularisation', boughtDaysAgo),
        entry(-spent, company.creditBalance, 'Consommation de crédits', boughtDaysAgo - 1 - (index % 6)),
      ]
    : [entry(bought, bought, bought > 0 ? 'Achat de crédits' : 'Régularisation', boughtDaysAgo)];
}

/** A database with any admin is left alone. */
export async function seedDemoData(db: Database, files: FileStore, config: Pick<Config, 'product' | 'consoleUrl'>, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(admins);
  if ((existing?.total ?? 0) > 0) return false;
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

  const demoAdminId = newId();
  await db.insert(admins).values([
    {
      id: demoAdminId,
      name: 'Demo Admin',
      email: DEMO_CREDENTIALS.email,
      passwordHash: await hashPassword(DEMO_CREDENTIALS.password),
      role: 'owner' as const,
      createdAt: daysAgo(365),
    },
    ...(await Promise.all(
      DEMO_ROLE_ADMINS.map(async ({ role, name, email, password }) => ({
        id: newId(),
        name,
        email,
        passwordHash: await hashPassword(password),
        role,
        createdAt: daysAgo(300),
      })),
    )),
    ...demoAdmins().map((admin) => ({
      id: newId(),
      name: admin.name,
      email: admin.email,
      lastLoginAt: admin.lastLoginDaysAgo === null ? null : daysAgo(admin.lastLoginDaysAgo),
      createdAt: daysAgo(admin.createdDaysAgo),
    })),
  ]);

  const logos = await writeDemoPictures(files, logoFolder(config.product), config.consoleUrl, 'demo-logo');
  const companyRows = Array.from({ length: DEMO_COMPANIES }, (_, index) => {
    const company = fictionalCompany(index);
    return {
      id: newId(),
      ...company,
      description: `${company.name} accompagne les entreprises : ${company.subActivityDomain.toLowerCase()}.`,
      logoUrl: index % 3 === 2 ? null : (logos[index % logos.length] ?? null),
      isTest: index % 25 === 0,
      creditBalance: index % 7 === 0 ? 0 : index % 5 === 0 ? -((index * 13) % 400) : (index * 37) % 5000,
      createdAt: daysAgo((index * 3) % 700),
    };
  });
  await db.insert(companies).values(companyRows);
  // Every seeded balance is the sum of its seeded ledger entries, spread over the last twelve weeks.
  await db.insert(creditEntries).values(companyRows.flatMap((company, index) => demoCreditHistory(company, index, demoAdminId, daysAgo)));

  const userRows = companyRows.slice(0, 120).flatMap((company, companyIndex) =>
    Array.from({ length: (companyIndex % 3) + 1 }, (_, userIndex) => {
      const n = companyIndex * 3 + userIndex;
      const first = firstNames[n % firstNames.length] ?? 'Alex';
      const last = lastNames[(n * 7) % lastNames.length] ?? 'Martin';
      return {
        id: newId(),
        name: `${first} ${last}`,
        email: `${first
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()}.${last.toLowerCase()}.${n}@example.com`,
        organisationId: company.id,
        lastLoginAt: n % 4 === 0 ? null : daysAgo(n % 60),
        createdAt: daysAgo((n * 5) % 500),
      };
    }),
  );
  await db.insert(users).values(userRows);

  await db.insert(companyComments).values(
    companyRows.slice(0, 60).flatMap((company, index) =>
      Array.from({ length: (index % 3) + 1 }, (_, commentIndex) => ({
        id: newId(),
        companyId: company.id,
        authorAdminId: demoAdminId,
        userName: 'Demo Admin',
        text: commentTexts[(index + commentIndex) % commentTexts.length] ?? '',
        createdAt: daysAgo(index + commentIndex * 9),
      })),
    ),
  );
  const offerPictures = await writeDemoPictures(files, '/offers', config.consoleUrl, 'demo-offer', 6);
  const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;
  const offerRows = companyRows.slice(0, 120).map((company, index) => ({
    id: newId(),
    title: `${pick(offerTitles, index)} – ${company.subActivityDomain}`,
    description: `${company.name} propose : ${company.subActivityDomain.toLowerCase()}, clé en main.`,
    images: [pick(offerPictures, index), pick(offerPictures, index + 1)],
    organisationId: company.id,
    activityDomain: company.activityDomain,
    subActivityDomain: company.subActivityDomain,
    price: index % 9 === 0 ? null : 100 + ((index * 137) % 4900),
    unit: pick(PRICE_UNITS, index),
    creditRatio: pick(CREDIT_RATIOS, index),
    priceOnProposal: index % 9 === 0,
    createdAt: daysAgo((index * 2) % 300),
  }));
  await db.insert(offers).values(offerRows);
  await db.insert(needs).values(
    companyRows.slice(60, 150).map((company, index) => ({
      id: newId(),
      organisationId: company.id,
      activityDomain: company.activityDomain,
      subActivityDomain: company.subActivityDomain,
      description: `Recherche un prestataire : ${company.subActivityDomain.toLowerCase()} pour ${pick(needContexts, index)}.`,
      emergency: pick(EMERGENCIES, index),
      status: pick(NEED_STATUSES, index * 7),
      createdAt: daysAgo((index * 3) % 200),
    })),
  );
  const bankPictures = await writeDemoPictures(files, '/category_images', config.consoleUrl, 'demo-category', 6);
  await db.insert(categoryImages).values(
    DOMAIN_NAMES.flatMap((domain, domainIndex) =>
      Array.from({ length: 3 }, (_, index) => ({
        id: newId(),
        activityDomain: domain,
        imageUrl: pick(bankPictures, domainIndex + index),
        createdAt: daysAgo(domainIndex + index),
      })),
    ),
  );

  const DAY_HOURS = 24;
  for (const [index, offer] of offerRows.slice(0, 30).entries()) {
    const buyer = companyRows[(index * 7 + 130) % companyRows.length];
    if (!buyer || !offer.organisationId) continue;
    const roomId = newId();
    const openedDaysAgo = 2 + (index % 10);
    await db.insert(rooms).values({
      id: roomId,
      offerId: offer.id,
      offerTitle: offer.title,
      offerImages: offer.images,
      sellerId: offer.organisationId,
      buyerId: buyer.id,
      createdAt: daysAgo(openedDaysAgo),
    });
    const seller = companyRows.find((company) => company.id === offer.organisationId);
    await db.insert(roomMessages).values(
      conversation.map((line, position) => {
        const fromBuyer = position % 2 === 0;
        return {
          id: newId(),
          roomId,
          senderId: fromBuyer ? buyer.id : (offer.organisationId ?? ''),
          senderRole: fromBuyer ? ('buyer' as const) : ('seller' as const),
          senderName: (fromBuyer ? buyer.name : seller?.name) ?? 'Participant',
          senderAvatar: (fromBuyer ? buyer.logoUrl : seller?.logoUrl) ?? null,
          text: line,
          createdAt: new Date(now.getTime() - (openedDaysAgo * DAY_HOURS - position * 9) * 3_600_000),
        };
      }),
    );
  }
  return true;
}

const conversation = [
  'Bonjour, votre offre nous intéresse. Est-elle disponible en janvier ?',
  'Bonjour ! Oui, nous avons des disponibilités dès la deuxième semaine.',
  'Parfait. Pouvez-vous nous envoyer un devis détaillé ?',
  'Bien sûr, je vous le prépare pour demain.',
  'Merci. Le paiement en crédits est-il possible à 100 % ?',
  'Oui, l’offre accepte les crédits selon le ratio indiqué.',
];

const offerTitles = ['Offre découverte', 'Pack complet', 'Accompagnement sur mesure', 'Prestation express', 'Abonnement annuel'];
const needContexts = ['notre siège parisien', 'un lancement produit', 'la fin d’année', 'nos équipes commerciales', 'un séminaire en juin'];
