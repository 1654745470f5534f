import { describe, expect, it } from 'vitest';
import { feeServiceFormSchema } from '../../../shared/fees';
import { serviceFormData } from './admin-fees-api';

const entries = (formData: FormData) => [...formData.entries()];

describe('serviceFormData', () => {
  it('sends the form lines first, in order, then the removed lines with _destroy', () => {
    const values = feeServiceFormSchema.parse({
      title: ' Skin prick test ',
      prices_attributes: [
        { id: 7, description: 'Adult', amount: '180' },
        { description: 'Child', amount: '85,5' },
      ],
    });
    expect(entries(serviceFormData(3, false, { values, removedPriceIds: [9] }))).toEqual([
      ['service[title]', 'Skin prick test'],
      ['service[prices_attributes][0][id]', '7'],
      ['service[prices_attributes][0][description]', 'Adult'],
      ['service[prices_attributes][0][amount]', '180'],
      ['service[prices_attributes][1][description]', 'Child'],
      ['service[prices_attributes][1][amount]', '85.50'],
      ['service[prices_attributes][2][id]', '9'],
      ['service[prices_attributes][2][_destroy]', 'true'],
    ]);
  });

  it('names the category of a new service', () => {
    const values = feeServiceFormSchema.parse({ title: 'Free advice', prices_attributes: [] });
    expect(entries(serviceFormData(3, true, { values, removedPriceIds: [] }))).toEqual([
      ['service[title]', 'Free advice'],
      ['service[fee_category_id]', '3'],
    ]);
  });
});
