export { Component } from '../../app/pages/admin-coming-soon-page';
