import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { clinic } from '../../../shared/clinic';
import { AppProviders } from '../../components/app-providers/app-providers';
import { Component, handle } from './contact-page';

describe('contact page', () => {
  const html = renderToString(
    <AppProviders queryClient={new QueryClient()}>
      <Component />
    </AppProviders>,
  );

  it('shows the heading, phone, e-mail and every location with its hours and directions in a new tab', () => {
    expect(html).toContain('<h1 class="page__title">Contact Us</h1>');
    expect(html).toContain(`href="${clinic.phoneHref}"`);
    expect(html).toContain(`href="mailto:${clinic.email}"`);
    expect(clinic.locationList.map((place) => place.key)).toEqual(['adult_1', 'adult_2', 'child']);
    for (const place of clinic.locationList) {
      expect(html).toContain(`<h3>${place.label}</h3>`);
      expect(html).toContain(`href="${place.directionsUrl.replace(/&/g, '&amp;')}" target="_blank"`);
      expect(html).toContain(`to ${place.label}, opens in a new tab`);
      for (const hours of place.hours) {
        expect(html).toContain(`<dt>${hours.days}</dt>`);
        expect(html).toContain(`<time dateTime="${hours.opens}">`);
      }
    }
    expect(html).toContain('Blackrock');
    // Maps come from Google only on a click: no iframe in the page as served.
    expect(html.match(/Show map/g)).toHaveLength(clinic.locationList.length);
    expect(html).not.toContain('<iframe');
  });

  it('renders the labelled form fields and no inline styles', () => {
    for (const label of ['Name', 'E-mail', 'Phone (optional)', 'Message']) {
      expect(html).toMatch(
        new RegExp(`<label class="field__label" for="[^"]+">${label.replace(/[()]/g, '\\$&')}</label>`),
      );
    }
    expect(html).toContain('<textarea');
    expect(html).toContain('Send message');
    expect(html).not.toContain('style=');
  });

  it('has head tags', () => {
    const head = handle.head?.({
      params: {},
      searchParams: new URLSearchParams(),
      queryClient: new QueryClient(),
    });
    expect(head?.title).toBe('Contact Us');
  });
});
