import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, SaveButton, defaultI18nProvider, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { defineFields } from '../../shared/entities/fields';
import { FieldInputs } from '../../src/custom/fields/FieldInputs';
import { fieldFilters } from '../../src/custom/fields/fieldFilters';
import { fieldText } from '../../src/custom/fields/fieldFormat';

/** A made-up entity: a number chosen from a list (shown as percents), a switch that must hold a value, two fields on one row. */
const quotes = defineFields({
  name: 'need',
  label: 'Quote',
  plural: 'Quotes',
  recordRepresentation: 'title',
  defaultSort: { field: 'created_at', order: 'DESC' },
  fields: {
    title: { type: 'text', label: 'Title', required: true },
    share: { type: 'integer', label: 'Share', values: [100, 40], labels: { 100: 'All', 40: 'Some' }, filter: true },
    amount: { type: 'credits', label: 'Amount', min: 0 },
    firm: { type: 'boolean', label: 'Firm offer', required: true, default: false },
  },
});

function renderInputs(onSubmit: (values: object) => void) {
  const user = userEvent.setup();
  const { container } = render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={defaultI18nProvider}>
      <Form onSubmit={onSubmit} record={{ title: 'Roof', share: 100, amount: 5, firm: false }}>
        <FieldInputs entity={quotes} on="edit" rows={[['share', 'amount']]} />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return { user, container };
}

describe('FieldInputs: numbers from a list, rows, switches', () => {
  it('offers a declared list of numbers by their labels and sends the number chosen', async () => {
    const onSubmit = vi.fn();
    const { user } = renderInputs(onSubmit);
    const share = await screen.findByRole('combobox', { name: 'Share' });
    expect(share).toHaveTextContent('All');
    await user.click(share);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent).filter((text) => text?.trim())).toEqual(['All', 'Some']);
    await user.click(screen.getByRole('option', { name: 'Some' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ share: 40 }), expect.anything()));
  });

  it('puts a row’s fields side by side, where its first field comes, and gives a switch no asterisk', async () => {
    renderInputs(vi.fn());
    const share = await screen.findByRole('combobox', { name: 'Share' });
    const amount = screen.getByLabelText('Amount');
    const title = screen.getByLabelText(/^Title/);
    // The smallest part of the page holding both: the row, which holds nothing else of the form.
    const common = (first: HTMLElement, second: HTMLElement) => {
      let node: HTMLElement | null = first;
      while (node && !node.contains(second)) node = node.parentElement;
      return node;
    };
    expect(common(share, amount)?.contains(title)).toBe(false);
    expect(common(share, title)?.contains(screen.getByLabelText('Firm offer'))).toBe(true);
    // In the declaration's order: the title, the row, then the switch.
    const order = [title, share, amount, screen.getByLabelText('Firm offer')];
    for (const [index, element] of order.slice(1).entries())
      expect((order[index] as HTMLElement).compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('filters and shows a number from a list by its label', () => {
    const [filter] = fieldFilters(quotes);
    expect(filter?.props).toMatchObject({
      source: 'share',
      choices: [
        { id: 100, name: 'All' },
        { id: 40, name: 'Some' },
      ],
    });
    expect(fieldText('share', quotes.fields.share, { id: 1, share: 40 })).toBe('Some');
  });
});
