/**
 * A link to one of the site's own pages (`/fees`, `/contact_us#map`, `/blog?page=2`): one slash, then no
 * slash, backslash or blank, which browsers would read as another host.
 */
export const isSiteLink = (href: string): boolean => /^\/(?![/\\])[\w\-.~%/?#=&+]*$/.test(href);
