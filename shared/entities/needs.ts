import { EMERGENCIES, NEED_STATUSES } from '../catalogue/needOptions';
import { defineFields } from './fields';

/** The companies' needs. */
export const needFields = defineFields({
  name: 'need',
  label: 'Need',
  plural: 'Needs',
  recordRepresentation: 'description',
  defaultSort: { field: 'created_at', order: 'DESC' },
  fields: {
    organisation_id: {
      type: 'reference',
      to: 'company',
      // A company is deleted only once its needs are moved or deleted.
      onDelete: 'refuse',
      nameKey: 'organisation_name',
      label: 'Organisation',
      list: true,
      // A company's Needs tab sets it; the list offers no filter of its own.
      filter: 'hidden',
      sortable: true,
      searched: true,
      exported: true,
    },
    activity_domain: { type: 'text', label: 'Activity domain', filter: true },
    sub_activity_domain: { type: 'text', label: 'Sub-activity domain', filter: true },
    description: { type: 'longText', label: 'Description', required: true, maxLength: 5000, list: true, sortable: true, searched: true, exported: true },
    emergency: {
      type: 'enum',
      values: EMERGENCIES,
      label: 'Emergency',
      listLabel: 'Urgency',
      required: true,
      list: true,
      filter: true,
      sortable: true,
      exported: true,
    },
    /** Any of the three may follow any other; a new need is 'en cours'. */
    status: { type: 'enum', values: NEED_STATUSES, label: 'Status', required: true, default: 'en cours', write: 'updateOnly', filter: 'whenSet' },
  },
});
