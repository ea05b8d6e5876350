import { SelectInput, type SelectInputProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { choicesOf } from '../../../shared/catalogue/choices';
import { DOMAIN_NAMES, subDomainsOf } from '../../../shared/catalogue/domains';

const DOMAIN_CHOICES = choicesOf(DOMAIN_NAMES);

/** Changing the domain clears the sub-domain, in filters and forms alike: no sub-domain of another domain survives. */
export const DomainSelect = ({ subSource = 'sub_activity_domain', ...props }: Omit<SelectInputProps, 'choices'> & { subSource?: string }) => {
  const { setValue } = useFormContext();
  return (
    <SelectInput
      label="Activity domain"
      choices={DOMAIN_CHOICES}
      {...props}
      onChange={(event) => {
        setValue(subSource, null, { shouldDirty: true });
        props.onChange?.(event);
      }}
    />
  );
};

/** The sub-domain select: the chosen domain's seven sub-domains; disabled until a domain is chosen. */
export const SubDomainSelect = ({ domainSource = 'activity_domain', ...props }: Omit<SelectInputProps, 'choices'> & { domainSource?: string }) => {
  const domain: unknown = useWatch({ name: domainSource });
  const subDomains = subDomainsOf(typeof domain === 'string' ? domain : undefined);
  return <SelectInput label="Sub-domain" choices={choicesOf(subDomains)} disabled={subDomains.length === 0} {...props} />;
};
