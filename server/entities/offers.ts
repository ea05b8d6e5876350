import { like } from 'drizzle-orm';
import { offers } from '../db/schema';
import { checkDomainPair } from '../lib/domainRules';
import { emptiesLast } from '../lib/listing';
import { fieldColumn } from '../lib/recordFromFields';
import { offerContract, type Offer } from '../../shared/contract/offers';
import { fieldsIn, type FieldDeclaration } from '../../shared/entities/fields';
import { offerFields, offerSearchNames } from '../../shared/entities/offers';
import { folded, type AnyEntity, type MakeLinked } from './entity';
import { entityOf } from './fromFields';
import { changeOffer } from './offerChange';

const fields: Readonly<Record<string, FieldDeclaration>> = offerFields.fields;

/** Offers (shared/entities/offers.ts): the standard routes; an update is one statement (offerChange.ts). */
const offerEntity: AnyEntity = entityOf(offerFields, offerContract, {
  table: offers,
  description: 'The companies’ offers.',
  // Kept by triggers (migration 0009): sorted without a join.
  nameColumns: { organisation_name: offers.organisationName },
  // Empty values last in either direction (an offer 'sur devis' has no price): the table's descending indexes read them so.
  sortable: Object.fromEntries(
    fieldsIn(offerFields, 'sortable')
      .filter((name) => !fields[name]?.required && fields[name]?.type !== 'reference')
      .map((name) => [name, emptiesLast(fieldColumn(offers, name))]),
  ),
  more: {
    search: {
      // The stored folded title, description and company name, under one trigram index.
      text: (pattern) => like(offers.searchText, folded(pattern)),
      filters: Object.fromEntries(fieldsIn(offerFields, 'filter').map((name) => [offerSearchNames[name] ?? name, fieldColumn(offers, name)])),
    },
    create: {
      example: async (make: MakeLinked) => ({ title: 'Offre', description: 'd', images: ['https://x.example/a.png'], organisation_id: await make('company') }),
    },
    update: {
      checkChanged: (after: Offer) => checkDomainPair(after.activity_domain, after.sub_activity_domain),
      write: (tx, id, changes, expected, find) => changeOffer(tx, id, changes, expected, find, offerEntity.toRecord),
    },
  },
});

export default offerEntity;
