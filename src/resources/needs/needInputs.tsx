import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { OrganisationInput } from '../../custom/components/OrganisationInput';

/** The needs' fields whose input is not the derived one: the organisation picker and the catalogue's two selects. */
export const needInputs = {
  organisation_id: <OrganisationInput />,
  activity_domain: <DomainSelect source="activity_domain" fullWidth />,
  sub_activity_domain: <SubDomainSelect source="sub_activity_domain" fullWidth />,
};
