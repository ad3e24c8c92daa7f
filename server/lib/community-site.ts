/**
 * An address on the community site. COMMUNITY_SITE_URL may carry a path
 * (http://host/community): a root-relative path resolved against it would drop that
 * path, so the site's own path is kept and `sitePath` is appended to it.
 */
export function communitySiteAddress(siteUrl: string, sitePath: string): URL {
  const url = new URL(siteUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${sitePath.replace(/^\/+/, '')}`;
  url.search = '';
  url.hash = '';
  return url;
}
