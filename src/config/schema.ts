import type { JsonValue } from '../diagnostics/index.js';

/**
 * The JSON Schema (draft-07) of docs.json. This module is its source; `schema/docs.schema.json` is
 * written from it by `scripts/write-docs-schema.ts` and a test keeps the two identical.
 *
 * Conventions the error reducer (schema-errors.ts) relies on:
 * - unions are `type: [..]` plus `if {type} then {..}`, never `anyOf`/`oneOf`, so a mistake yields one
 *   error inside the branch the value's own type selects;
 * - `x-expected` (on a node with several types) says in words what the value may be;
 * - `x-rule` (on the node holding `pattern`, `minLength`, `minItems` or a conditional `required`)
 *   says the rule in words;
 * - every object has `additionalProperties: false` so unknown keys can be reported (as warnings).
 */
export type SchemaNode = { [keyword: string]: JsonValue };

const ref = (name: string): SchemaNode => ({ $ref: `#/definitions/${name}` });
const str = (extra: SchemaNode = {}): SchemaNode => ({ type: 'string', ...extra });
const nonEmpty = (description?: string): SchemaNode => ({ type: 'string', minLength: 1, ...(description ? { description } : {}) });
const bool = (description?: string): SchemaNode => ({ type: 'boolean', ...(description ? { description } : {}) });
const url = (description?: string): SchemaNode => ({ type: 'string', format: 'uri', ...(description ? { description } : {}) });
const arrayOf = (items: SchemaNode, extra: SchemaNode = {}): SchemaNode => ({ type: 'array', items, ...extra });
const obj = (properties: Record<string, SchemaNode>, extra: SchemaNode = {}): SchemaNode => ({
  type: 'object',
  ...extra,
  properties,
  additionalProperties: false,
});
const oneOfValues = (values: readonly string[], description?: string): SchemaNode => ({
  type: 'string',
  enum: [...values],
  ...(description ? { description } : {}),
});
/** A path string or an object with `light` and `dark` paths (logo, favicon, background image). */
const imagePair = (description: string, stringRule: SchemaNode = { minLength: 1 }): SchemaNode => ({
  type: ['string', 'object'],
  'x-expected': 'an image path or an object with "light" and "dark" image paths',
  description,
  if: { type: 'object' },
  then: obj({ light: nonEmpty('Image path for light mode.'), dark: nonEmpty('Image path for dark mode.') }, { required: ['light', 'dark'] }),
  else: stringRule,
});

export const themeNames = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma'] as const;
export const iconLibraries = ['fontawesome', 'lucide', 'tabler'] as const;
const iconStyles = ['brands', 'duotone', 'light', 'regular', 'sharp-duotone-solid', 'sharp-light', 'sharp-regular', 'sharp-solid', 'sharp-thin', 'solid', 'thin'];
const languageCodes = [
  'en', 'cn', 'zh', 'zh-Hans', 'zh-Hant', 'zh-CN', 'zh-TW', 'es', 'fr', 'fr-CA', 'fr-ca', 'ja', 'jp', 'ja-jp', 'ja-JP', 'pt', 'pt-BR', 'de', 'ko',
  'it', 'ru', 'ro', 'cs', 'id', 'ar', 'tr', 'hi', 'sv', 'no', 'da', 'lv', 'nl', 'uk', 'vi', 'pl', 'uz', 'he', 'ca', 'fi', 'hu',
];
const contextualOptions = [
  'assistant', 'copy', 'view', 'download-pdf', 'download-spec', 'chatgpt', 'claude', 'perplexity', 'grok', 'aistudio', 'devin', 'devin-desktop',
  'windsurf', 'mcp', 'add-mcp', 'cursor', 'vscode', 'devin-mcp',
];
const socialPlatforms = [
  'x', 'website', 'facebook', 'youtube', 'discord', 'slack', 'github', 'linkedin', 'instagram', 'hacker-news', 'medium', 'telegram', 'twitter',
  'x-twitter', 'earth-americas', 'bluesky', 'threads', 'reddit', 'podcast',
];

/** Navigation division kinds: the array key, the label key of its items, and the definition name. */
export const navigationDivisions = {
  tabs: { label: 'tab', definition: 'tab' },
  anchors: { label: 'anchor', definition: 'anchor' },
  dropdowns: { label: 'dropdown', definition: 'dropdown' },
  versions: { label: 'version', definition: 'version' },
  languages: { label: 'language', definition: 'language' },
  products: { label: 'product', definition: 'product' },
  menu: { label: 'item', definition: 'menuItem' },
} as const;
export type DivisionKey = keyof typeof navigationDivisions;
export type ChildKey = DivisionKey | 'groups' | 'pages';

/**
 * Which kinds of children each navigation node may hold (the service's own nesting rules). A node
 * holds one kind; holding several is the semantic error `config/mixed-navigation`.
 */
export const allowedChildren: Record<'navigation' | 'group' | (typeof navigationDivisions)[DivisionKey]['definition'], readonly ChildKey[]> = {
  navigation: ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'],
  tab: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  anchor: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  dropdown: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  version: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  language: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  product: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  menuItem: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'tabs', 'groups', 'pages'],
  group: ['pages'],
};

const childProperties = (kind: keyof typeof allowedChildren): Record<string, SchemaNode> =>
  Object.fromEntries(allowedChildren[kind].map((key) => [key, ref(key)]));

const divisionCommon: Record<string, SchemaNode> = {
  icon: ref('icon'),
  iconType: ref('iconType'),
  hidden: bool('Hides the item from the navigation.'),
  href: { ...ref('href'), description: 'Makes the item a link instead of a section.' },
  openapi: ref('openapi'),
  asyncapi: ref('asyncapi'),
  global: ref('global'),
  directory: ref('directory'),
};

function division(kind: keyof typeof allowedChildren, label: string, own: Record<string, SchemaNode>, description: string): SchemaNode {
  return obj(
    { [label]: nonEmpty(`The label of the ${label === 'item' ? 'menu item' : label}.`), ...own, ...divisionCommon, ...childProperties(kind) },
    { description, required: [label] },
  );
}

/** Items of `navigation.global`: links shown on every section, so `href` is required and nothing nests. */
function globalLink(label: string, own: Record<string, SchemaNode>): SchemaNode {
  return obj({ [label]: nonEmpty(), ...own, icon: ref('icon'), iconType: ref('iconType'), hidden: bool(), href: ref('href') }, { required: [label, 'href'] });
}

const fontProperties: Record<string, SchemaNode> = {
  family: nonEmpty('Font family name; families of the public web-font catalog load without "source".'),
  weight: { type: 'number', description: 'For example 400 or 700; variable fonts allow fractional weights.' },
  source: { type: 'string', minLength: 1, format: 'url-or-path', description: 'Hosted URL or local path of the font file; not needed for catalog fonts.' },
  format: oneOfValues(['woff', 'woff2'], 'Format of the font file; required with "source".'),
};
const fontFormatWithSource: SchemaNode = {
  if: { required: ['source'] },
  then: { required: ['format'], 'x-rule': 'a self-hosted font ("source") needs its "format" ("woff" or "woff2")' },
};

const specSourceList = (what: string): SchemaNode => ({
  type: ['string', 'array', 'object'],
  'x-expected': `an ${what} file path or URL, an array of them, or an object with "source" and "directory"`,
});

const definitions: Record<string, SchemaNode> = {
  hexColor: { type: 'string', format: 'hex-color' },
  lightDarkColor: obj({ light: ref('hexColor'), dark: ref('hexColor') }),
  href: { type: 'string', format: 'href' },
  iconType: oneOfValues(iconStyles, 'Font Awesome icon style.'),
  iconLibrary: oneOfValues(iconLibraries),
  iconName: { type: 'string', minLength: 1, pattern: '^(?!fa-)', 'x-rule': 'must be the icon name without the "fa-" prefix' },
  icon: {
    type: ['string', 'object'],
    'x-expected': 'an icon name, URL or path, or an object with "name"',
    if: { type: 'object' },
    then: obj({ name: ref('iconName'), style: ref('iconType'), library: ref('iconLibrary') }, { required: ['name'] }),
    else: ref('iconName'),
  },
  directory: oneOfValues(['none', 'accordion', 'card'], 'Directory layout of group landing pages below this node; inherited.'),
  specSource: { type: 'string', minLength: 1, format: 'url-or-path' },
  openapiObject: obj(
    {
      source: ref('specSource'),
      directory: str({ description: 'Folder of the generated endpoint pages.' }),
      overlays: arrayOf(ref('specSource'), { description: 'OpenAPI Overlay documents applied in order.' }),
    },
    { required: ['source'] },
  ),
  openapi: {
    ...specSourceList('OpenAPI'),
    description: 'OpenAPI file(s) whose operations this node documents.',
    if: { type: 'object' },
    then: ref('openapiObject'),
    else: { if: { type: 'string' }, then: ref('specSource') },
    items: {
      type: ['string', 'object'],
      'x-expected': 'an OpenAPI file path or URL, or an object with "source"',
      if: { type: 'object' },
      then: ref('openapiObject'),
      else: ref('specSource'),
    },
  },
  asyncapi: {
    ...specSourceList('AsyncAPI'),
    if: { type: 'object' },
    then: obj({ source: ref('specSource'), directory: str() }, { required: ['source'] }),
    else: { if: { type: 'string' }, then: ref('specSource') },
    items: ref('specSource'),
  },
  graphql: {
    type: ['string', 'object'],
    'x-expected': 'a GraphQL schema path or URL, or an object with "source" and "directory"',
    if: { type: 'object' },
    then: obj({ source: ref('specSource'), directory: nonEmpty() }, { required: ['source'] }),
    else: ref('specSource'),
  },
  sdk: obj(
    { format: oneOfValues(['typedoc', 'docfx', 'javadoc', 'sphinx', 'phpdoc']), source: ref('specSource'), directory: nonEmpty() },
    { required: ['format', 'source'] },
  ),
  pages: arrayOf(ref('pageEntry'), { description: 'Page paths (relative to the docs root, without extension), endpoint references or nested groups.' }),
  pageEntry: {
    type: ['string', 'object'],
    'x-expected': 'a page path or a group object',
    if: { type: 'object' },
    then: ref('group'),
    else: { minLength: 1 },
  },
  group: obj(
    {
      group: nonEmpty('The label of the group.'),
      pages: ref('pages'),
      root: nonEmpty('Landing page of the group.'),
      icon: ref('icon'),
      iconType: ref('iconType'),
      hidden: bool(),
      searchable: bool('Keeps the pages of a hidden group indexed for search.'),
      public: bool(),
      boost: { type: 'number', description: 'Search ranking multiplier for the pages of the group.' },
      tag: str({ description: 'A label shown next to the group.' }),
      expanded: bool('Expanded by default.'),
      directory: ref('directory'),
      openapi: ref('openapi'),
      asyncapi: ref('asyncapi'),
      sdk: ref('sdk'),
    },
    { required: ['group'] },
  ),
  tabs: arrayOf(ref('tab'), { minItems: 1 }),
  anchors: arrayOf(ref('anchor'), { minItems: 1 }),
  dropdowns: arrayOf(ref('dropdown')),
  versions: arrayOf(ref('version'), { minItems: 1 }),
  languages: arrayOf(ref('language'), { minItems: 1 }),
  products: arrayOf(ref('product')),
  menu: arrayOf(ref('menuItem')),
  groups: arrayOf(ref('group'), { minItems: 1 }),
  tab: division(
    'tab',
    'tab',
    { searchable: bool(), align: oneOfValues(['start', 'end']), graphql: ref('graphql'), sdk: ref('sdk') },
    'A tab: groups, pages, a menu or another division, an "openapi" file, or a link ("href").',
  ),
  anchor: division('anchor', 'anchor', { color: ref('lightDarkColor') }, 'A sidebar anchor.'),
  dropdown: division('dropdown', 'dropdown', { description: str(), color: ref('lightDarkColor') }, 'A dropdown menu.'),
  version: division('version', 'version', { default: bool(), tag: str() }, 'A version of the documentation.'),
  language: division(
    'language',
    'language',
    {
      language: { ...oneOfValues(languageCodes), description: 'Language code.' },
      default: bool(),
      banner: ref('banner'),
      footer: ref('footer'),
      navbar: ref('navbar'),
    },
    'A language of the documentation.',
  ),
  product: division('product', 'product', { name: str(), description: str(), color: ref('lightDarkColor') }, 'A product of the documentation.'),
  menuItem: division('menuItem', 'item', { description: str() }, 'An item of a tab menu.'),
  global: obj(
    {
      tabs: arrayOf(globalLink('tab', {})),
      anchors: arrayOf(globalLink('anchor', { color: ref('lightDarkColor') })),
      dropdowns: arrayOf(globalLink('dropdown', { description: str(), color: ref('lightDarkColor') })),
      versions: arrayOf(globalLink('version', { default: bool(), tag: str() })),
      languages: arrayOf(globalLink('language', { language: oneOfValues(languageCodes), default: bool() })),
      products: arrayOf(globalLink('product', { name: str(), description: str(), color: ref('lightDarkColor') })),
    },
    { description: 'Links shown on every section and page, whatever the navigation nesting.' },
  ),
  fontDetails: { ...obj(fontProperties, { required: ['family'] }), ...fontFormatWithSource },
  navbar: obj({
    links: arrayOf({
      ...obj(
        { label: str(), type: str(), href: ref('href'), icon: ref('icon'), iconType: ref('iconType') },
        { required: ['href'] },
      ),
      if: { required: ['type'], properties: { type: { enum: ['github', 'discord'] } } },
      else: { required: ['label'], 'x-rule': 'a navbar link needs a "label" unless its "type" is "github" or "discord"' },
    }),
    primary: {
      ...obj({ type: oneOfValues(['button', 'github', 'discord']), label: str(), href: ref('href') }, { required: ['type', 'href'] }),
      if: { required: ['type'], properties: { type: { const: 'button' } } },
      then: { required: ['label'], 'x-rule': 'a "button" needs a "label"' },
    },
  }),
  footer: obj({
    socials: obj(Object.fromEntries(socialPlatforms.map((platform) => [platform, url()])), { description: 'Profile URL per social platform.' }),
    links: arrayOf(
      obj(
        {
          header: nonEmpty('Title of the column.'),
          items: arrayOf(obj({ label: nonEmpty(), href: ref('href') }, { required: ['label', 'href'] }), { minItems: 1 }),
        },
        { required: ['items'] },
      ),
      { minItems: 1, maxItems: 4, 'x-rule': 'must hold 1 to 4 columns' },
    ),
  }),
  banner: obj(
    {
      content: nonEmpty('Banner text; basic MDX (links, bold, italic).'),
      dismissible: bool(),
      type: oneOfValues(['info', 'warning', 'critical']),
      color: {
        type: ['string', 'object'],
        'x-expected': 'a hex colour or an object with "light" and "dark" hex colours',
        if: { type: 'object' },
        then: ref('lightDarkColor'),
        else: ref('hexColor'),
      },
    },
    { required: ['content'] },
  ),
  metatags: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } },
  contextualCustomOption: obj(
    {
      title: nonEmpty(),
      description: str(),
      icon: ref('icon'),
      href: {
        type: ['string', 'object'],
        'x-expected': 'a URL (with $page, $path or $mcp placeholders) or an object with "base" and "query"',
        if: { type: 'object' },
        then: obj({ base: nonEmpty(), query: arrayOf(obj({ key: str(), value: str() }, { required: ['key', 'value'] })) }, { required: ['base'] }),
      },
    },
    { required: ['title', 'description', 'href'] },
  ),
  api: obj({
    openapi: ref('openapi'),
    asyncapi: ref('asyncapi'),
    mdx: obj({
      server: {
        type: ['string', 'array'],
        'x-expected': 'a URL or an array of URLs',
        description: 'Base URL prepended to relative "api" paths of hand-written pages.',
        items: url(),
        if: { type: 'string' },
        then: { format: 'uri' },
      },
      auth: obj({
        method: oneOfValues(['bearer', 'basic', 'key'], 'Authentication method of the API playground.'),
        name: nonEmpty('Header name carrying the credential when the method is "key".'),
      }),
    }),
    playground: obj({
      display: oneOfValues(['interactive', 'simple', 'none', 'auth'], '"none" hides the API playground; "auth" shows it to signed-in readers only.'),
      proxy: bool(),
      credentials: bool(),
    }),
    params: obj({ expanded: oneOfValues(['all', 'closed']), post: arrayOf(str()) }),
    examples: obj({ defaults: oneOfValues(['required', 'all']), languages: arrayOf(str()), prefill: bool(), autogenerate: bool() }),
    url: oneOfValues(['full']),
  }),
  integrations: obj({
    adobe: obj({ launchUrl: url() }, { required: ['launchUrl'] }),
    amplitude: obj({ apiKey: str() }, { required: ['apiKey'] }),
    clarity: obj({ projectId: str() }, { required: ['projectId'] }),
    clearbit: obj({ publicApiKey: str() }, { required: ['publicApiKey'] }),
    cookies: obj({ key: str(), value: str() }),
    fathom: obj({ siteId: str() }, { required: ['siteId'] }),
    frontchat: obj({ snippetId: { type: 'string', minLength: 6 } }, { required: ['snippetId'] }),
    ga4: obj({ measurementId: { type: 'string', pattern: '^G', 'x-rule': 'must begin with "G" (a measurement ID such as "G-XXXXXXXXXX")' } }, { required: ['measurementId'] }),
    gtm: obj({ tagId: { type: 'string', pattern: '^G', 'x-rule': 'must begin with "G" (a container ID such as "GTM-XXXXXXX")' } }, { required: ['tagId'] }),
    heap: obj({ appId: str() }, { required: ['appId'] }),
    hightouch: obj({ writeKey: str(), apiHost: str() }, { required: ['writeKey'] }),
    hotjar: obj({ hjid: str(), hjsv: str() }, { required: ['hjid', 'hjsv'] }),
    intercom: obj({ appId: { type: 'string', minLength: 6 } }, { required: ['appId'] }),
    koala: obj({ publicApiKey: { type: 'string', minLength: 2 } }, { required: ['publicApiKey'] }),
    logrocket: obj({ appId: str() }, { required: ['appId'] }),
    mixpanel: obj({ projectToken: str(), region: oneOfValues(['us', 'eu', 'in']) }, { required: ['projectToken'] }),
    onetrust: obj({ domainScript: nonEmpty(), categoryId: nonEmpty(), scriptSource: url() }, { required: ['domainScript'] }),
    pirsch: obj({ id: str() }, { required: ['id'] }),
    plausible: obj(
      {
        domain: { type: 'string', pattern: '^(?!https?://)', 'x-rule': 'must be a bare domain, without "https://"' },
        server: { type: 'string', pattern: '^(?!https?://)', 'x-rule': 'must be a bare host name, without "https://" (only when self-hosting)' },
      },
      { required: ['domain'] },
    ),
    posthog: obj(
      {
        apiKey: { type: 'string', pattern: '^phc_', 'x-rule': 'must begin with "phc_" (a PostHog project API key)' },
        apiHost: url('Required when self-hosting.'),
        sessionRecording: bool('Default false.'),
      },
      { required: ['apiKey'] },
    ),
    segment: obj({ key: str(), cdnUrl: url() }, { required: ['key'] }),
    telemetry: obj({ enabled: bool('false also disables the feedback features.') }),
    transcend: obj(
      { bundleId: { type: 'string', pattern: '^[a-zA-Z0-9_-]+$', 'x-rule': 'may hold only letters, digits, "-" and "_"' }, analyticsPurpose: nonEmpty() },
      { required: ['bundleId'] },
    ),
  }),
};

export const docsSchema: SchemaNode = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'docs.json',
  description: 'Configuration of a documentation site in the docs.json format, as checked by docs-build.',
  type: 'object',
  required: ['theme', 'name', 'colors', 'navigation'],
  properties: {
    $schema: url('Location of the schema of this file.'),
    theme: oneOfValues(themeNames, 'Layout theme of the site.'),
    name: nonEmpty('Project, organization or product name; shown in the browser tab title and elsewhere.'),
    description: str({ description: 'Site description, for SEO and AI indexing.' }),
    public: bool('Whether the documentation is publicly accessible by default.'),
    colors: obj(
      {
        primary: { ...ref('hexColor'), description: 'Emphasis in light mode.' },
        light: { ...ref('hexColor'), description: 'Emphasis in dark mode.' },
        dark: { ...ref('hexColor'), description: 'Buttons and hover states in both modes.' },
      },
      { required: ['primary'], description: 'With only "primary" given, it applies to all colour elements.' },
    ),
    logo: {
      ...imagePair('A single image path, or light and dark paths with an optional click target.', {
        minLength: 3,
        'x-rule': 'must be the path of the logo image, with its file extension',
      }),
      then: obj(
        {
          light: nonEmpty('Image path for light mode.'),
          dark: nonEmpty('Image path for dark mode.'),
          href: { ...ref('href'), description: 'Target of a click on the logo; default: the first page of the locale, or the homepage.' },
        },
        { required: ['light', 'dark'] },
      ),
    },
    favicon: imagePair('Path with file extension; resized automatically.'),
    appearance: obj({
      default: oneOfValues(['system', 'light', 'dark'], 'Default colour mode; default "system".'),
      strict: bool('When true, hides the light/dark toggle; default false.'),
    }),
    fonts: {
      ...obj({ ...fontProperties, heading: ref('fontDetails'), body: ref('fontDetails') }, { description: 'A font for the whole site, with optional "heading" and "body" overrides.' }),
      allOf: [
        {
          if: { anyOf: [{ required: ['heading'] }, { required: ['body'] }] },
          else: { required: ['family'], 'x-rule': 'give one font "family" for the whole site, or separate "heading" and "body" fonts' },
        },
        fontFormatWithSource,
      ],
    },
    icons: obj({ library: { ...ref('iconLibrary'), description: 'Icon library of the project; default "fontawesome".' } }, { required: ['library'] }),
    background: obj({
      decoration: oneOfValues(['gradient', 'grid', 'windows'], 'Decorative background pattern.'),
      color: ref('lightDarkColor'),
      image: imagePair('Background image: one path, or light and dark paths.'),
    }),
    styling: obj({
      eyebrows: oneOfValues(['section', 'breadcrumbs'], 'Page eyebrow style; default "section".'),
      latex: bool('true forces loading LaTeX stylesheets, false prevents it; unset: automatic detection.'),
      codeblocks: {
        type: ['string', 'object'],
        'x-expected': '"system", "dark", a syntax-highlighting theme name, or an object with "theme" and "languages"',
        description: 'Default "system". Any other string than "system" or "dark" is a theme name applied to all code blocks.',
        if: { type: 'object' },
        then: obj({
          theme: {
            type: ['string', 'object'],
            'x-expected': 'a theme name, or an object with "light" and "dark" theme names',
            if: { type: 'object' },
            then: obj({ light: nonEmpty(), dark: nonEmpty() }, { required: ['light', 'dark'] }),
            else: { minLength: 1 },
          },
          languages: obj({ custom: arrayOf(nonEmpty(), { description: 'Paths of JSON files describing extra languages (TextMate grammars).' }) }),
        }),
        else: { minLength: 1 },
      },
    }),
    thumbnails: obj({
      appearance: oneOfValues(['light', 'dark'], 'Unset: derived from "colors".'),
      background: nonEmpty('Relative path or absolute URL of the thumbnail background image.'),
      fonts: obj({ family: nonEmpty('A family of the public web-font catalog.') }, { required: ['family'] }),
    }),
    integrations: ref('integrations'),
    api: ref('api'),
    navigation: {
      ...obj(
        { ...childProperties('navigation'), global: ref('global'), directory: ref('directory') },
        { description: 'The navigation: one kind of top-level division, plus optional global links.' },
      ),
      anyOf: allowedChildren.navigation.map((key) => ({ required: [key] })),
    },
    navbar: ref('navbar'),
    footer: ref('footer'),
    banner: ref('banner'),
    redirects: arrayOf(
      obj(
        {
          source: nonEmpty('Path to redirect from; wildcards allowed.'),
          destination: nonEmpty('Path to redirect to; wildcards allowed.'),
          permanent: bool('true (default): 308; false: 307.'),
        },
        { required: ['source', 'destination'] },
      ),
    ),
    seo: obj({
      indexing: oneOfValues(['navigable', 'all'], 'Which pages search engines index; default "navigable".'),
      metatags: ref('metatags'),
      paths: arrayOf(obj({ path: nonEmpty('Folder path relative to the docs root, such as "guides/v2".'), metatags: ref('metatags') }, { required: ['path', 'metatags'] })),
      organization: obj({ id: url(), name: nonEmpty(), legalName: nonEmpty(), url: url(), logo: url(), sameAs: arrayOf(url()) }),
      trailingSlash: bool(),
    }),
    search: obj({ prompt: str({ description: 'Placeholder of the search bar.' }) }),
    errors: obj(
      { '404': obj({ redirect: bool('Redirect to the home page when a page is not found (default true).'), title: str(), description: str() }) },
      { required: ['404'] },
    ),
    contextual: obj(
      {
        options: arrayOf(
          {
            type: ['string', 'object'],
            'x-expected': 'a built-in option name or a custom option object',
            if: { type: 'object' },
            then: ref('contextualCustomOption'),
            else: { enum: contextualOptions },
          },
          { description: 'Actions of the contextual menu; the first is the default.' },
        ),
        display: oneOfValues(['header', 'toc'], 'Where the menu shows; default "header".'),
      },
      { required: ['options'] },
    ),
    interaction: obj({ drilldown: bool('Navigate to the first page when a group is expanded.') }),
    metadata: obj({ timestamp: bool('Show a last-modified date on every page; default false.') }),
    variables: { type: 'object', additionalProperties: { type: 'string' }, description: 'Values substituted for {{name}} in pages.' },
    markdown: obj({
      schema: bool(),
      instructions: { type: ['string', 'array'], 'x-expected': 'a string or an array of strings', items: str() },
    }),
    variations: obj(
      { options: arrayOf(obj({ id: nonEmpty(), label: nonEmpty() }, { required: ['id', 'label'] }), { minItems: 1 }) },
      { required: ['options'], description: 'Content variations (willow theme only).' },
    ),
  },
  additionalProperties: false,
  definitions,
};
