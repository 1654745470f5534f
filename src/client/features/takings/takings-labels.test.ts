import { describe, expect, it } from 'vitest';
import { chartSeries, countOf, euroFigure, monthOf, netOf, rangeProblem, shortDay } from './takings-labels';

describe('the takings screen', () => {
  it('starts at this month, and steps a month at a time', () => {
    expect(monthOf('2027-02-14')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthOf('2028-02-14')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2027-01-31', -1)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('refuses a range the API would refuse, on its field', () => {
    expect(rangeProblem('2027-02-01', '2027-02-28')).toBeUndefined();
    expect(rangeProblem('', '2027-02-28')?.field).toBe('from');
    expect(rangeProblem('2027-02-30', '2027-03-01')?.field).toBe('from');
    expect(rangeProblem('2027-02-01', '2027-01-31')).toEqual({
      field: 'to',
      message: 'The last day must not be before the first.',
    });
    expect(rangeProblem('2027-03-01', '2028-02-29')).toBeUndefined();
    expect(rangeProblem('2027-03-01', '2028-03-01')?.field).toBe('to');
  });

  it('writes the API’s euro as figures', () => {
    expect(euroFigure('180.00')).toBe('€180.00');
    expect(euroFigure('1234567.05')).toBe('€1,234,567.05');
    expect(euroFigure('-20.50')).toBe('-€20.50');
    expect(euroFigure('0.00')).toBe('€0.00');
  });

  it('works out a method’s net to the cent, and counts with their word', () => {
    expect(netOf('180.00', '30.00')).toBe('150.00');
    expect(netOf('0.30', '0.10')).toBe('0.20');
    expect(netOf('0.00', '20.50')).toBe('-20.50');
    expect(countOf(1, 'payment')).toBe('1 payment');
    expect(countOf(0, 'refund')).toBe('0 refunds');
    expect(countOf(3, 'payment')).toBe('3 payments');
  });

  it('draws each day’s payments and refunds', () => {
    const day = (date: string, paid: string, refunded: string) => ({
      date,
      paid,
      refunded,
      net: '0.00',
      payments_count: 0,
      refunds_count: 0,
      by_method: {
        card: { paid: '0.00', refunded: '0.00' },
        cash: { paid: '0.00', refunded: '0.00' },
        card_terminal: { paid: '0.00', refunded: '0.00' },
      },
    });
    expect(chartSeries([day('01/02/2027', '180.00', '0.00'), day('02/02/2027', '0.00', '20.50')])).toEqual([
      [0, 1],
      [180, null],
      [null, 20.5],
    ]);
    expect(shortDay('02/02/2027')).toBe('02/02');
  });
});
