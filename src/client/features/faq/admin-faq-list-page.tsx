/** Placeholder until this back-office screen is built. */
export { Component } from '../../app/pages/admin-coming-soon-page';
