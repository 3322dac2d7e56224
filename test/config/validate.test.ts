import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '../../src/diagnostics/index.js';
import { check, docsJson, removeTempRoots, summary, withNavigation } from './helpers.js';

afterAll(removeTempRoots);

/**
 * One row per rule of the seed's configuration tables (plus the real-world keys and the semantic
 * checks): a docs.json breaking the rule, and the single diagnostic it must produce, with its code,
 * 1-based line and column, and a fragment of its message. `docsJson(lines)` puts valid required keys
 * on line 2 so the lines under test start on line 3; `withNavigation(value)` writes the navigation
 * value from line 3, column 17.
 */
const rules: Array<[rule: string, text: string, code: keyof typeof catalog, line: number, column: number, message: string]> = [
  ['theme must be one of the nine themes', `{
  "theme": "mintt", "name": "Acme", "colors": { "primary": "#0D9373" }, "navigation": { "pages": ["index"] }
}
`, 'config/invalid-enum', 2, 12, 'theme must be one of "mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia" or "luma" (got "mintt")'],
  ['theme is a string', `{
  "theme": 3, "name": "Acme", "colors": { "primary": "#0D9373" }, "navigation": { "pages": ["index"] }
}
`, 'config/invalid-type', 2, 12, 'theme must be a string (got 3)'],
  ['theme is required', `{
  "name": "Acme", "colors": { "primary": "#0D9373" }, "navigation": { "pages": ["index"] }
}
`, 'config/missing-required', 1, 1, 'docs.json is missing the required key "theme"'],
  ['name is required', `{
  "theme": "mint", "colors": { "primary": "#0D9373" }, "navigation": { "pages": ["index"] }
}
`, 'config/missing-required', 1, 1, 'docs.json is missing the required key "name"'],
  ['name is not empty', `{
  "theme": "mint", "name": "", "colors": { "primary": "#0D9373" }, "navigation": { "pages": ["index"] }
}
`, 'config/invalid-value', 2, 28, 'name must not be empty'],
  ['colors is required', `{
  "theme": "mint", "name": "Acme", "navigation": { "pages": ["index"] }
}
`, 'config/missing-required', 1, 1, 'docs.json is missing the required key "colors"'],
  ['colors is an object', `{
  "theme": "mint", "name": "Acme", "colors": "#0D9373", "navigation": { "pages": ["index"] }
}
`, 'config/invalid-type', 2, 46, 'colors must be an object (got "#0D9373")'],
  ['colors.primary is required', `{
  "theme": "mint", "name": "Acme",
  "colors": { "light": "#FFFFFF" },
  "navigation": { "pages": ["index"] }
}
`, 'config/missing-required', 3, 3, 'colors is missing the required key "primary"'],
  ['colors.primary is a hex colour', `{
  "theme": "mint", "name": "Acme",
  "colors": {
    "primary": "green"
  },
  "navigation": { "pages": ["index"] }
}
`, 'config/invalid-format', 4, 16, 'colors.primary must be a hex colour such as "#0D9373" (got "green")'],
  ['colors.primary has 3 or 6 hex digits', `{
  "theme": "mint", "name": "Acme",
  "colors": {
    "primary": "#0D93"
  },
  "navigation": { "pages": ["index"] }
}
`, 'config/invalid-format', 4, 16, 'colors.primary must be a hex colour'],
  ['colors.light is a hex colour', `{
  "theme": "mint", "name": "Acme",
  "colors": { "primary": "#0D9373", "light": "0D9373" },
  "navigation": { "pages": ["index"] }
}
`, 'config/invalid-format', 3, 46, 'colors.light must be a hex colour'],
  ['colors.dark is a hex colour', `{
  "theme": "mint", "name": "Acme",
  "colors": { "primary": "#0D9373", "dark": "#GGGGGG" },
  "navigation": { "pages": ["index"] }
}
`, 'config/invalid-format', 3, 45, 'colors.dark must be a hex colour'],
  ['a misspelt required key is one error at the misspelling', `{
  "theme": "mint", "name": "Acme",
  "colors": { "primay": "#0D9373" },
  "navigation": { "pages": ["index"] }
}
`, 'config/missing-required', 3, 15, 'colors is missing the required key "primary"; "primay" looks like a misspelling of "primary"'],
  ['logo is a path or an object', docsJson(`  "logo": 42`), 'config/invalid-type', 3, 11, 'logo must be an image path or an object with "light" and "dark" image paths (got 42)'],
  ['logo object requires light', docsJson(`  "logo": { "dark": "/logo/dark.svg" }`), 'config/missing-required', 3, 3, 'logo is missing the required key "light"'],
  ['logo object requires dark', docsJson(`  "logo": { "light": "/logo/light.svg" }`), 'config/missing-required', 3, 3, 'logo is missing the required key "dark"'],
  ['logo.href is a URL', docsJson(`  "logo": { "light": "/l.svg", "dark": "/d.svg", "href": "not a url" }`), 'config/invalid-format', 3, 58, 'logo.href must be an absolute URL such as "https://example.com" or a path starting with "/" (got "not a url")'],
  ['logo path has a file name and extension', docsJson(`  "logo": "/a"`), 'config/invalid-value', 3, 11, 'logo must be the path of the logo image, with its file extension'],
  ['favicon is a path or an object', docsJson(`  "favicon": true`), 'config/invalid-type', 3, 14, 'favicon must be an image path or an object'],
  ['favicon object requires light', docsJson(`  "favicon": { "dark": "/favicon-dark.png" }`), 'config/missing-required', 3, 3, 'favicon is missing the required key "light"'],
  ['favicon object requires dark', docsJson(`  "favicon": { "light": "/favicon.png" }`), 'config/missing-required', 3, 3, 'favicon is missing the required key "dark"'],
  ['appearance.default is system, light or dark', docsJson(`  "appearance": { "default": "dusk" }`), 'config/invalid-enum', 3, 30, 'appearance.default must be one of "system", "light" or "dark" (got "dusk")'],
  ['appearance.strict is a boolean', docsJson(`  "appearance": { "strict": "yes" }`), 'config/invalid-type', 3, 29, 'appearance.strict must be true or false (got "yes")'],
  ['fonts needs family', docsJson(`  "fonts": { "weight": 400 }`), 'config/missing-required', 3, 3, 'fonts is missing "family"'],
  ['fonts.format is required with fonts.source', docsJson(`  "fonts": { "family": "Brand", "source": "/fonts/brand.woff2" }`), 'config/missing-required', 3, 3, 'fonts is missing "format": a self-hosted font ("source") needs its "format"'],
  ['fonts.format is woff or woff2', docsJson(`  "fonts": { "family": "Brand", "source": "/fonts/brand.ttf", "format": "ttf" }`), 'config/invalid-enum', 3, 73, 'fonts.format must be one of "woff" or "woff2" (got "ttf")'],
  ['fonts.weight is a number', docsJson(`  "fonts": { "family": "Inter", "weight": "bold" }`), 'config/invalid-type', 3, 43, 'fonts.weight must be a number (got "bold")'],
  ['fonts.source is a path or an http(s) URL', docsJson(`  "fonts": { "family": "Brand", "source": "ftp://example.com/brand.woff", "format": "woff" }`), 'config/invalid-format', 3, 43, 'fonts.source must be a path inside the docs root or an http(s) URL'],
  ['fonts.heading needs family', docsJson(`  "fonts": { "heading": { "weight": 700 }, "body": { "family": "Inter" } }`), 'config/missing-required', 3, 14, 'fonts.heading is missing the required key "family"'],
  ['fonts.body needs format with source', docsJson(`  "fonts": { "family": "Inter", "body": { "family": "Brand", "source": "https://cdn.example.com/brand.woff2" } }`), 'config/missing-required', 3, 33, 'fonts.body is missing "format"'],
  ['icons.library is fontawesome, lucide or tabler', docsJson(`  "icons": { "library": "heroicons" }`), 'config/invalid-enum', 3, 25, 'icons.library must be one of "fontawesome", "lucide" or "tabler" (got "heroicons")'],
  ['icons.library is required within icons', docsJson(`  "icons": {}`), 'config/missing-required', 3, 3, 'icons is missing the required key "library"'],
  ['background.decoration is gradient, grid or windows', docsJson(`  "background": { "decoration": "dots" }`), 'config/invalid-enum', 3, 33, 'background.decoration must be one of "gradient", "grid" or "windows" (got "dots")'],
  ['background.color.light is a hex colour', docsJson(`  "background": { "color": { "light": "white" } }`), 'config/invalid-format', 3, 39, 'background.color.light must be a hex colour'],
  ['background.color.dark is a hex colour', docsJson(`  "background": { "color": { "dark": "#12" } }`), 'config/invalid-format', 3, 38, 'background.color.dark must be a hex colour'],
  ['background.image is a path or an object', docsJson(`  "background": { "image": ["/bg.png"] }`), 'config/invalid-type', 3, 28, 'background.image must be an image path or an object'],
  ['background.image object requires dark', docsJson(`  "background": { "image": { "light": "/bg.png" } }`), 'config/missing-required', 3, 19, 'background.image is missing the required key "dark"'],
  ['styling.eyebrows is section or breadcrumbs', docsJson(`  "styling": { "eyebrows": "crumbs" }`), 'config/invalid-enum', 3, 28, 'styling.eyebrows must be one of "section" or "breadcrumbs" (got "crumbs")'],
  ['styling.latex is a boolean', docsJson(`  "styling": { "latex": "auto" }`), 'config/invalid-type', 3, 25, 'styling.latex must be true or false (got "auto")'],
  ['styling.codeblocks is a string or an object', docsJson(`  "styling": { "codeblocks": 1 }`), 'config/invalid-type', 3, 30, 'styling.codeblocks must be "system", "dark", a syntax-highlighting theme name, or an object'],
  ['styling.codeblocks.theme object requires light', docsJson(`  "styling": { "codeblocks": { "theme": { "dark": "github-dark" } } }`), 'config/missing-required', 3, 32, 'styling.codeblocks.theme is missing the required key "light"'],
  ['styling.codeblocks.theme object requires dark', docsJson(`  "styling": { "codeblocks": { "theme": { "light": "github-light" } } }`), 'config/missing-required', 3, 32, 'styling.codeblocks.theme is missing the required key "dark"'],
  ['styling.codeblocks.languages.custom is an array', docsJson(`  "styling": { "codeblocks": { "languages": { "custom": "/grammars/x.json" } } }`), 'config/invalid-type', 3, 57, 'styling.codeblocks.languages.custom must be an array'],
  ['styling.codeblocks.languages.custom holds strings', docsJson(`  "styling": { "codeblocks": { "languages": { "custom": [7] } } }`), 'config/invalid-type', 3, 58, 'styling.codeblocks.languages.custom[0] must be a string (got 7)'],
  ['thumbnails.appearance is light or dark', docsJson(`  "thumbnails": { "appearance": "sepia" }`), 'config/invalid-enum', 3, 33, 'thumbnails.appearance must be one of "light" or "dark" (got "sepia")'],
  ['thumbnails.background is a string', docsJson(`  "thumbnails": { "background": false }`), 'config/invalid-type', 3, 33, 'thumbnails.background must be a string'],
  ['thumbnails.fonts.family is required within thumbnails.fonts', docsJson(`  "thumbnails": { "fonts": {} }`), 'config/missing-required', 3, 19, 'thumbnails.fonts is missing the required key "family"'],
  ['integrations.adobe: integrations.adobe is missing the required key "launchUrl"', docsJson(`  "integrations": { "adobe": {} }`), 'config/missing-required', 3, 21, 'integrations.adobe is missing the required key "launchUrl"'],
  ['integrations.adobe: integrations.adobe.launchUrl must be an absolute URL', docsJson(`  "integrations": { "adobe": { "launchUrl": "launch.js" } }`), 'config/invalid-format', 3, 45, 'integrations.adobe.launchUrl must be an absolute URL'],
  ['integrations.amplitude: integrations.amplitude is missing the required key "apiKey"', docsJson(`  "integrations": { "amplitude": {} }`), 'config/missing-required', 3, 21, 'integrations.amplitude is missing the required key "apiKey"'],
  ['integrations.clarity: integrations.clarity is missing the required key "projectId"', docsJson(`  "integrations": { "clarity": {} }`), 'config/missing-required', 3, 21, 'integrations.clarity is missing the required key "projectId"'],
  ['integrations.fathom: integrations.fathom is missing the required key "siteId"', docsJson(`  "integrations": { "fathom": {} }`), 'config/missing-required', 3, 21, 'integrations.fathom is missing the required key "siteId"'],
  ['integrations.ga4: integrations.ga4 is missing the required key "measurementId"', docsJson(`  "integrations": { "ga4": {} }`), 'config/missing-required', 3, 21, 'integrations.ga4 is missing the required key "measurementId"'],
  ['integrations.ga4: integrations.ga4.measurementId must begin with "G"', docsJson(`  "integrations": { "ga4": { "measurementId": "UA-12345" } }`), 'config/invalid-value', 3, 47, 'integrations.ga4.measurementId must begin with "G"'],
  ['integrations.gtm: integrations.gtm is missing the required key "tagId"', docsJson(`  "integrations": { "gtm": {} }`), 'config/missing-required', 3, 21, 'integrations.gtm is missing the required key "tagId"'],
  ['integrations.gtm: integrations.gtm.tagId must begin with "G"', docsJson(`  "integrations": { "gtm": { "tagId": "TM-12345" } }`), 'config/invalid-value', 3, 39, 'integrations.gtm.tagId must begin with "G"'],
  ['integrations.heap: integrations.heap is missing the required key "appId"', docsJson(`  "integrations": { "heap": {} }`), 'config/missing-required', 3, 21, 'integrations.heap is missing the required key "appId"'],
  ['integrations.hightouch: integrations.hightouch is missing the required key "writeKey"', docsJson(`  "integrations": { "hightouch": { "apiHost": "ht.example.com" } }`), 'config/missing-required', 3, 21, 'integrations.hightouch is missing the required key "writeKey"'],
  ['integrations.hotjar: integrations.hotjar is missing the required key "hjid"', docsJson(`  "integrations": { "hotjar": { "hjsv": "6" } }`), 'config/missing-required', 3, 21, 'integrations.hotjar is missing the required key "hjid"'],
  ['integrations.hotjar: integrations.hotjar is missing the required key "hjsv"', docsJson(`  "integrations": { "hotjar": { "hjid": "123" } }`), 'config/missing-required', 3, 21, 'integrations.hotjar is missing the required key "hjsv"'],
  ['integrations.logrocket: integrations.logrocket is missing the required key "appId"', docsJson(`  "integrations": { "logrocket": {} }`), 'config/missing-required', 3, 21, 'integrations.logrocket is missing the required key "appId"'],
  ['integrations.mixpanel: integrations.mixpanel is missing the required key "projectToken"', docsJson(`  "integrations": { "mixpanel": {} }`), 'config/missing-required', 3, 21, 'integrations.mixpanel is missing the required key "projectToken"'],
  ['integrations.pirsch: integrations.pirsch is missing the required key "id"', docsJson(`  "integrations": { "pirsch": {} }`), 'config/missing-required', 3, 21, 'integrations.pirsch is missing the required key "id"'],
  ['integrations.plausible: integrations.plausible is missing the required key "domain"', docsJson(`  "integrations": { "plausible": { "server": "plausible.example.com" } }`), 'config/missing-required', 3, 21, 'integrations.plausible is missing the required key "domain"'],
  ['integrations.posthog: integrations.posthog is missing the required key "apiKey"', docsJson(`  "integrations": { "posthog": {} }`), 'config/missing-required', 3, 21, 'integrations.posthog is missing the required key "apiKey"'],
  ['integrations.posthog: integrations.posthog.apiKey must begin with "phc_"', docsJson(`  "integrations": { "posthog": { "apiKey": "ph_123" } }`), 'config/invalid-value', 3, 44, 'integrations.posthog.apiKey must begin with "phc_"'],
  ['integrations.posthog: integrations.posthog.apiHost must be an absolute URL', docsJson(`  "integrations": { "posthog": { "apiKey": "phc_123", "apiHost": "posthog.internal" } }`), 'config/invalid-format', 3, 66, 'integrations.posthog.apiHost must be an absolute URL'],
  ['integrations.posthog: integrations.posthog.sessionRecording must be true or false', docsJson(`  "integrations": { "posthog": { "apiKey": "phc_123", "sessionRecording": "on" } }`), 'config/invalid-type', 3, 75, 'integrations.posthog.sessionRecording must be true or false'],
  ['integrations.segment: integrations.segment is missing the required key "key"', docsJson(`  "integrations": { "segment": {} }`), 'config/missing-required', 3, 21, 'integrations.segment is missing the required key "key"'],
  ['integrations.frontchat: integrations.frontchat is missing the required key "snippetId"', docsJson(`  "integrations": { "frontchat": {} }`), 'config/missing-required', 3, 21, 'integrations.frontchat is missing the required key "snippetId"'],
  ['integrations.frontchat: integrations.frontchat.snippetId must be at least 6 characters long (got "abc12")', docsJson(`  "integrations": { "frontchat": { "snippetId": "abc12" } }`), 'config/invalid-value', 3, 49, 'integrations.frontchat.snippetId must be at least 6 characters long (got "abc12")'],
  ['integrations.intercom: integrations.intercom is missing the required key "appId"', docsJson(`  "integrations": { "intercom": {} }`), 'config/missing-required', 3, 21, 'integrations.intercom is missing the required key "appId"'],
  ['integrations.intercom: integrations.intercom.appId must be at least 6 characters long (got "x1")', docsJson(`  "integrations": { "intercom": { "appId": "x1" } }`), 'config/invalid-value', 3, 44, 'integrations.intercom.appId must be at least 6 characters long (got "x1")'],
  ['integrations.clearbit: integrations.clearbit is missing the required key "publicApiKey"', docsJson(`  "integrations": { "clearbit": {} }`), 'config/missing-required', 3, 21, 'integrations.clearbit is missing the required key "publicApiKey"'],
  ['integrations.telemetry: integrations.telemetry.enabled must be true or false', docsJson(`  "integrations": { "telemetry": { "enabled": "false" } }`), 'config/invalid-type', 3, 47, 'integrations.telemetry.enabled must be true or false'],
  ['integrations.cookies: integrations.cookies.key must be a string', docsJson(`  "integrations": { "cookies": { "key": 1 } }`), 'config/invalid-type', 3, 41, 'integrations.cookies.key must be a string'],
  ['integrations.amplitude: integrations.amplitude.apiKey must be a string', docsJson(`  "integrations": { "amplitude": { "apiKey": 12345 } }`), 'config/invalid-type', 3, 46, 'integrations.amplitude.apiKey must be a string'],
  ['api.mdx.server is a URL', docsJson(`  "api": { "mdx": { "server": "api.example.com" } }`), 'config/invalid-format', 3, 31, 'api.mdx.server must be an absolute URL such as "https://example.com" (got "api.example.com")'],
  ['api.mdx.server array holds URLs', docsJson(`  "api": { "mdx": { "server": ["https://api.example.com", "/v1"] } }`), 'config/invalid-format', 3, 59, 'api.mdx.server[1] must be an absolute URL'],
  ['api.mdx.server is a string or an array', docsJson(`  "api": { "mdx": { "server": { "url": "https://api.example.com" } } }`), 'config/invalid-type', 3, 31, 'api.mdx.server must be a URL or an array of URLs (got an object)'],
  ['api.mdx.auth.method is bearer, basic or key', docsJson(`  "api": { "mdx": { "auth": { "method": "oauth" } } }`), 'config/invalid-enum', 3, 41, 'api.mdx.auth.method must be one of "bearer", "basic" or "key" (got "oauth")'],
  ['api.mdx.auth.name is a string', docsJson(`  "api": { "mdx": { "auth": { "method": "key", "name": 7 } } }`), 'config/invalid-type', 3, 56, 'api.mdx.auth.name must be a string (got 7)'],
  ['api.playground.display is interactive, simple, none or auth', docsJson(`  "api": { "playground": { "display": "hidden" } }`), 'config/invalid-enum', 3, 39, 'api.playground.display must be one of "interactive", "simple", "none" or "auth" (got "hidden")'],
  ['navigation is required', `{
  "theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" }
}
`, 'config/missing-required', 1, 1, 'docs.json is missing the required key "navigation"'],
  ['navigation needs a division', withNavigation(`{ "global": {} }`), 'config/missing-required', 3, 3, 'navigation needs one of "products", "languages", "versions", "tabs", "dropdowns", "anchors", "groups" or "pages"'],
  ['navigation.tabs is an array', withNavigation(`{ "tabs": { "tab": "Guides" } }`), 'config/invalid-type', 3, 27, 'navigation.tabs must be an array (got an object)'],
  ['a tab needs its label', withNavigation(`{ "tabs": [{ "groups": [{ "group": "Start", "pages": ["index"] }] }] }`), 'config/missing-required', 3, 28, 'navigation.tabs[0] is missing the required key "tab"'],
  ['a tab label is a string', withNavigation(`{ "tabs": [{ "tab": 1, "pages": ["index"] }] }`), 'config/invalid-type', 3, 37, 'navigation.tabs[0].tab must be a string (got 1)'],
  ['a tab openapi is a path, a list or {source, directory}', withNavigation(`{ "tabs": [{ "tab": "API", "openapi": 5 }] }`), 'config/invalid-type', 3, 55, 'navigation.tabs[0].openapi must be an OpenAPI file path or URL, an array of them, or an object with "source" and "directory" (got 5)'],
  ['an openapi object needs source', withNavigation(`{ "tabs": [{ "tab": "API", "openapi": { "directory": "api" } }] }`), 'config/missing-required', 3, 44, 'navigation.tabs[0].openapi is missing the required key "source"'],
  ['a group needs its label', withNavigation(`{ "groups": [{ "pages": ["index"] }] }`), 'config/missing-required', 3, 30, 'navigation.groups[0] is missing the required key "group"'],
  ['groups holds at least one group', withNavigation(`{ "groups": [] }`), 'config/invalid-value', 3, 29, 'navigation.groups must hold at least 1 entry (got 0)'],
  ['a pages entry is a path or a group', withNavigation(`{ "pages": ["index", 42] }`), 'config/invalid-type', 3, 38, 'navigation.pages[1] must be a page path or a group object (got 42)'],
  ['a page path is not empty', withNavigation(`{ "pages": ["index", ""] }`), 'config/invalid-value', 3, 38, 'navigation.pages[1] must not be empty'],
  ['an object in pages is a group and needs its label', withNavigation(`{ "pages": [{ "pages": ["a"] }] }`), 'config/missing-required', 3, 29, 'navigation.pages[0] is missing the required key "group"'],
  ['a nested group label is a string', withNavigation(`{ "groups": [{ "group": "A", "pages": [{ "group": ["B"], "pages": [] }] }] }`), 'config/invalid-type', 3, 67, 'navigation.groups[0].pages[0].group must be a string (got an array)'],
  ['group.root is a page path', withNavigation(`{ "groups": [{ "group": "A", "root": 1, "pages": [] }] }`), 'config/invalid-type', 3, 54, 'navigation.groups[0].root must be a string (got 1)'],
  ['group.hidden is a boolean', withNavigation(`{ "groups": [{ "group": "A", "hidden": "yes", "pages": [] }] }`), 'config/invalid-type', 3, 56, 'navigation.groups[0].hidden must be true or false'],
  ['group.expanded is a boolean', withNavigation(`{ "groups": [{ "group": "A", "expanded": 1, "pages": [] }] }`), 'config/invalid-type', 3, 58, 'navigation.groups[0].expanded must be true or false'],
  ['group.icon is a name or an icon object', withNavigation(`{ "groups": [{ "group": "A", "icon": { "style": "solid" }, "pages": [] }] }`), 'config/missing-required', 3, 46, 'navigation.groups[0].icon is missing the required key "name"'],
  ['an icon name has no fa- prefix', withNavigation(`{ "groups": [{ "group": "A", "icon": "fa-house", "pages": [] }] }`), 'config/invalid-value', 3, 54, 'navigation.groups[0].icon must be the icon name without the "fa-" prefix (got "fa-house")'],
  ['group.tag is a string', withNavigation(`{ "groups": [{ "group": "A", "tag": true, "pages": [] }] }`), 'config/invalid-type', 3, 53, 'navigation.groups[0].tag must be a string'],
  ['an anchor needs its label', withNavigation(`{ "anchors": [{ "href": "https://example.com" }] }`), 'config/missing-required', 3, 31, 'navigation.anchors[0] is missing the required key "anchor"'],
  ['an anchor href is a URL or a root path', withNavigation(`{ "anchors": [{ "anchor": "Blog", "href": "blog" }] }`), 'config/invalid-format', 3, 59, 'navigation.anchors[0].href must be an absolute URL such as "https://example.com" or a path starting with "/"'],
  ['a language code is a supported one', withNavigation(`{ "languages": [{ "language": "english", "pages": ["index"] }] }`), 'config/invalid-enum', 3, 47, 'navigation.languages[0].language must be one of the 40 supported values (got "english")'],
  ['a version needs its label', withNavigation(`{ "versions": [{ "default": true, "pages": ["index"] }] }`), 'config/missing-required', 3, 32, 'navigation.versions[0] is missing the required key "version"'],
  ['a menu item needs its label', withNavigation(`{ "tabs": [{ "tab": "A", "menu": [{ "pages": ["index"] }] }] }`), 'config/missing-required', 3, 51, 'navigation.tabs[0].menu[0] is missing the required key "item"'],
  ['a global link needs href', withNavigation(`{ "global": { "anchors": [{ "anchor": "Blog" }] }, "pages": ["index"] }`), 'config/missing-required', 3, 43, 'navigation.global.anchors[0] is missing the required key "href"'],
  ['a tab cannot hold tabs (ignored by the service)', withNavigation(`{ "tabs": [{ "tab": "A", "tabs": [] }] }`), 'config/unknown-key', 3, 42, 'navigation.tabs[0] is a tab, which cannot hold "tabs"'],
  ['a node holds one kind of children (tab with groups and pages)', withNavigation(`{ "tabs": [{ "tab": "A", "groups": [{ "group": "G", "pages": ["a"] }], "pages": ["b"] }] }`), 'config/mixed-navigation', 3, 88, 'navigation.tabs[0] mixes "groups" and "pages"'],
  ['a node holds one kind of children (navigation with groups and anchors)', withNavigation(`{ "groups": [{ "group": "G", "pages": ["a"] }], "anchors": [{ "anchor": "Blog", "href": "https://example.com" }] }`), 'config/mixed-navigation', 3, 65, 'navigation mixes "groups" and "anchors"'],
  ['a node holds one kind of children (anchor with pages and tabs)', withNavigation(`{ "anchors": [{ "anchor": "A", "pages": ["a"], "tabs": [{ "tab": "T", "pages": ["b"] }] }] }`), 'config/mixed-navigation', 3, 64, 'navigation.anchors[0] mixes "pages" and "tabs"'],
  ['an unknown key is a warning with a suggestion', docsJson(`  "descripton": "Docs of Acme"`), 'config/unknown-key', 3, 3, 'docs.json has an unknown key "descripton"'],
  ['an unknown nested key is a warning', docsJson(`  "appearance": { "default": "dark", "stict": true }`), 'config/unknown-key', 3, 38, 'appearance has an unknown key "stict"'],
  ['an unknown integration is a warning', docsJson(`  "integrations": { "googleanalytics": { "id": "G-1" } }`), 'config/unknown-key', 3, 21, 'integrations has an unknown key "googleanalytics"'],
  ['navbar.primary.type is button, github or discord', docsJson(`  "navbar": { "primary": { "type": "link", "href": "https://example.com" } }`), 'config/invalid-enum', 3, 36, 'navbar.primary.type must be one of "button", "github" or "discord" (got "link")'],
  ['a navbar button needs a label', docsJson(`  "navbar": { "primary": { "type": "button", "href": "https://example.com" } }`), 'config/missing-required', 3, 15, 'navbar.primary is missing "label": a "button" needs a "label"'],
  ['a navbar link needs a label unless github/discord', docsJson(`  "navbar": { "links": [{ "href": "https://example.com" }] }`), 'config/missing-required', 3, 25, 'navbar.links[0] is missing "label"'],
  ['footer holds at most 4 link columns', docsJson(`  "footer": { "links": [{ "items": [{ "label": "a", "href": "/a" }] }, { "items": [{ "label": "b", "href": "/b" }] }, { "items": [{ "label": "c", "href": "/c" }] }, { "items": [{ "label": "d", "href": "/d" }] }, { "items": [{ "label": "e", "href": "/e" }] }] }`), 'config/invalid-value', 3, 24, 'footer.links must hold 1 to 4 columns (got 5)'],
  ['footer.socials keys are known platforms', docsJson(`  "footer": { "socials": { "twiter": "https://x.com/acme" } }`), 'config/unknown-key', 3, 28, 'footer.socials has an unknown key "twiter"'],
  ['banner.content is required', docsJson(`  "banner": { "dismissible": true }`), 'config/missing-required', 3, 3, 'banner is missing the required key "content"'],
  ['a redirect needs a destination', docsJson(`  "redirects": [{ "source": "/old" }]`), 'config/missing-required', 3, 17, 'redirects[0] is missing the required key "destination"'],
  ['a redirect source is used once', docsJson(`  "redirects": [{ "source": "/old", "destination": "/a" }, { "source": "/old", "destination": "/b" }]`), 'config/invalid-value', 3, 72, 'redirects[1].source repeats "/old", already used by redirects[0].source'],
  ['a contextual option is listed once', docsJson(`  "contextual": { "options": ["copy", "view", "copy"] }`), 'config/invalid-value', 3, 47, 'contextual.options[2] repeats "copy"'],
  ['contextual options are known names', docsJson(`  "contextual": { "options": ["copy", "chatgtp"] }`), 'config/invalid-enum', 3, 39, 'contextual.options[1] must be one of the 18 supported values (got "chatgtp")'],
  ['variations belong to the willow theme', docsJson(`  "variations": { "options": [{ "id": "cloud", "label": "Cloud" }] }`), 'config/unknown-key', 3, 3, '"variations" is only part of the willow theme\'s configuration'],
  ['seo.indexing is navigable or all', docsJson(`  "seo": { "indexing": "some" }`), 'config/invalid-enum', 3, 24, 'seo.indexing must be one of "navigable" or "all" (got "some")'],
  ['seo.metatags values are strings', docsJson(`  "seo": { "metatags": { "robots": 1 } }`), 'config/invalid-type', 3, 36, 'seo.metatags.robots must be a string (got 1)'],
  ['$schema is a URL', docsJson(`  "$schema": "docs.schema"`), 'config/invalid-format', 3, 14, '$schema must be an absolute URL'],
];

describe('validateConfig: one diagnostic per broken rule, at the offending key or value', () => {
  it.each(rules)('%s', (_rule, text, code, line, column, message) => {
    const { diagnostics } = check({ 'docs.json': text });
    expect(summary(diagnostics)).toHaveLength(1);
    const [diagnostic] = diagnostics;
    expect(diagnostic).toMatchObject({ code, severity: catalog[code].severity, stage: 'config', file: 'docs.json', line, column });
    expect(diagnostic?.message).toContain(message);
    expect(diagnostic?.pointer).toEqual(expect.any(String));
  });
});

describe('validateConfig: suggestions', () => {
  it('suggests the closest theme', () => {
    const { diagnostics } = check({ 'docs.json': docsJson('  "appearance": {}').replace('"mint"', '"mnt"') });
    expect(diagnostics[0]?.suggestion).toBe('did you mean "mint"?');
  });

  it('suggests the closest allowed key for an unknown key, and locates the key itself', () => {
    const { diagnostics } = check({ 'docs.json': docsJson('  "descripton": "Docs of Acme"') });
    expect(diagnostics[0]).toMatchObject({ severity: 'warning', pointer: '/descripton', line: 3, column: 3, suggestion: 'did you mean "description"?' });
  });

  it('lists the known keys of a small object when nothing is close', () => {
    const { diagnostics } = check({ 'docs.json': docsJson('  "appearance": { "mode": "dark" }') });
    expect(diagnostics[0]?.suggestion).toBe('known keys here: default, strict');
  });

  it('suggests renaming a misspelt required key', () => {
    const { diagnostics } = check({ 'docs.json': withNavigation('{ "groups": [{ "grop": "Start", "pages": [] }] }') });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'config/missing-required', pointer: '/navigation/groups/0/grop', suggestion: 'rename "grop" to "group"' });
  });

  it('takes a misspelt division for the one the navigation needs', () => {
    const { diagnostics } = check({ 'docs.json': withNavigation('{ "tab": [{ "tab": "Guides", "pages": ["index"] }] }') });
    expect(summary(diagnostics)).toEqual([
      'error config/missing-required docs.json:3:19 /navigation/tab navigation needs one of "products", "languages", "versions", "tabs", "dropdowns", "anchors", "groups" or "pages"; "tab" looks like a misspelling of "tabs"',
    ]);
    expect(diagnostics[0]?.suggestion).toBe('rename "tab" to "tabs"');
  });

  it('explains how to write a hex colour', () => {
    const { diagnostics } = check({ 'docs.json': docsJson('  "background": { "color": { "light": "white" } }') });
    expect(diagnostics[0]?.suggestion).toContain('"#0D9373"');
  });

  it('names the closest language code', () => {
    const { diagnostics } = check({ 'docs.json': withNavigation('{ "languages": [{ "language": "pt-br", "pages": ["index"] }] }') });
    expect(diagnostics[0]?.suggestion).toBe('did you mean "pt-BR"?');
  });
});

describe('validateConfig: several mistakes, each reported once', () => {
  it('reports every problem of a file in one run, sorted by position', () => {
    const text = `{
  "theme": "mintt",
  "name": "Acme",
  "colors": { "primary": "green", "light": "#12" },
  "logo": { "light": "/l.svg" },
  "navigation": { "tabs": [{ "tab": "A", "groups": [{ "group": "G", "pages": ["a", 3] }], "pages": ["b"] }] },
  "integrations": { "ga4": { "measurementId": "UA-1" }, "intercom": { "appId": "abc" } },
  "colours": {}
}
`;
    const { diagnostics } = check({ 'docs.json': text });
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      '2:12 config/invalid-enum',
      '4:26 config/invalid-format',
      '4:44 config/invalid-format',
      '5:3 config/missing-required',
      '6:84 config/invalid-type',
      '6:91 config/mixed-navigation',
      '7:47 config/invalid-value',
      '7:80 config/invalid-value',
      '8:3 config/unknown-key',
    ]);
  });

  it('does not cascade a wrong type into complaints about its contents', () => {
    const { diagnostics } = check({ 'docs.json': withNavigation('{ "tabs": [{ "tab": "A", "groups": "all of them" }] }') });
    expect(summary(diagnostics)).toEqual(['error config/invalid-type docs.json:3:52 /navigation/tabs/0/groups navigation.tabs[0].groups must be an array (got "all of them")']);
  });

  it('reports a navigation mistake deep inside divisions once, against the group', () => {
    const navigation = '{ "languages": [{ "language": "en", "versions": [{ "version": "v1", "tabs": [{ "tab": "A", "groups": [{ "group": "G", "pages": [{ "group": "H", "pages": [{ "pages": [] }] }] }] }] }] }] }';
    const { diagnostics } = check({ 'docs.json': withNavigation(navigation) });
    expect(summary(diagnostics)).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      code: 'config/missing-required',
      pointer: '/navigation/languages/0/versions/0/tabs/0/groups/0/pages/0/pages/0',
      message: 'navigation.languages[0].versions[0].tabs[0].groups[0].pages[0].pages[0] is missing the required key "group"',
    });
  });
});

describe('validateConfig: details', () => {
  it('counts minimum lengths in characters, not UTF-16 units', () => {
    const short = check({ 'docs.json': docsJson('  "integrations": { "intercom": { "appId": "\u{1F4A5}\u{1F4A5}\u{1F4A5}" } }') });
    expect(short.diagnostics.map((d) => d.code)).toEqual(['config/invalid-value']);
    const long = check({ 'docs.json': docsJson('  "integrations": { "intercom": { "appId": "\u{1F4A5}\u{1F4A5}\u{1F4A5}\u{1F4A5}\u{1F4A5}\u{1F4A5}" } }') });
    expect(long.diagnostics).toEqual([]);
  });

  it('says which children a group may hold', () => {
    const { diagnostics } = check({ 'docs.json': withNavigation('{ "groups": [{ "group": "A", "groups": [{ "group": "B", "pages": [] }] }] }') });
    expect(summary(diagnostics)).toEqual([
      'warning config/unknown-key docs.json:3:46 /navigation/groups/0/groups navigation.groups[0] is a group, which cannot hold "groups"; the service ignores them',
    ]);
    expect(diagnostics[0]?.suggestion).toBe('a group holds "pages"');
  });

  it('gives the related location of the first of two mixed kinds', () => {
    const { diagnostics } = check({ 'docs.json': withNavigation('{ "pages": ["a"], "groups": [{ "group": "G", "pages": ["b"] }] }') });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'config/mixed-navigation', line: 3, column: 35, suggestion: 'move the loose "pages" into a group inside "groups"' });
    expect(diagnostics[0]?.related).toEqual([expect.objectContaining({ file: 'docs.json', line: 3, column: 19, message: '"pages" is here' })]);
  });
});

describe('validateConfig: positions in files composed with $ref', () => {
  it('points into the referenced file, with the pointer inside that file', () => {
    const { diagnostics } = check({
      'docs.json': withNavigation('{ "languages": [{ "language": "en", "pages": ["index"] }, { "$ref": "./fr.json", "language": "fr" }] }'),
      'fr.json': '{\n  "tabs": [\n    { "tab": "Guides", "groups": [{ "group": "Début", "pages": ["fr/index"] }], "icon": 7 }\n  ]\n}\n',
    });
    expect(summary(diagnostics)).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'config/invalid-type', file: 'fr.json', line: 3, column: 89, pointer: '/tabs/0/icon' });
  });

  it('locates an unknown key of a referenced file on the key', () => {
    const { diagnostics } = check({
      'docs.json': docsJson('  "navbar": { "$ref": "parts/navbar.json" }'),
      'parts/navbar.json': '{\n  "primary": { "type": "github", "href": "https://github.com/acme" },\n  "link": []\n}\n',
    });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'config/unknown-key', file: 'parts/navbar.json', line: 3, column: 3, suggestion: 'did you mean "links"?' });
  });
});

/** Valid configurations, including every alternative form of the format: zero diagnostics. */
const validCases: Array<[name: string, text: string]> = [
  ['the smallest valid docs.json', docsJson('  "description": "Acme docs"')],
  ['3-digit hex colours', `{
  "theme": "maple", "name": "Acme", "colors": { "primary": "#0D9", "light": "#fff", "dark": "#ABC" }, "navigation": { "pages": ["index"] }
}
`],
  ['every theme', docsJson('  "public": true').replace('"mint"', '"sequoia"')],
  ['logo as a string', docsJson('  "logo": "/logo.svg", "favicon": "/favicon.ico"')],
  ['logo and favicon as objects, logo with href', docsJson('  "logo": { "light": "/l.svg", "dark": "/d.svg", "href": "https://acme.dev" }, "favicon": { "light": "/f.png", "dark": "/f-dark.png" }')],
  ['logo href as a root path', docsJson('  "logo": { "light": "/l.svg", "dark": "/d.svg", "href": "/home" }')],
  ['appearance', docsJson('  "appearance": { "default": "dark", "strict": true }')],
  ['a catalog font', docsJson('  "fonts": { "family": "Inter", "weight": 550 }')],
  ['a self-hosted font with its format', docsJson('  "fonts": { "family": "Brand", "source": "/fonts/brand.woff2", "format": "woff2" }')],
  ['heading and body fonts without a site font', docsJson('  "fonts": { "heading": { "family": "Playfair Display", "weight": 700 }, "body": { "family": "Brand", "source": "https://cdn.acme.dev/b.woff", "format": "woff" } }')],
  ['icons', docsJson('  "icons": { "library": "lucide" }')],
  ['background with every key', docsJson('  "background": { "decoration": "grid", "color": { "light": "#fff", "dark": "#000000" }, "image": { "light": "/bg.png", "dark": "/bg-dark.png" } }')],
  ['background image as a string', docsJson('  "background": { "image": "/bg.png" }')],
  ['codeblocks as system', docsJson('  "styling": { "codeblocks": "system", "eyebrows": "breadcrumbs", "latex": false }')],
  ['codeblocks as a theme name', docsJson('  "styling": { "codeblocks": "github-dark" }')],
  ['codeblocks as an object with one theme', docsJson('  "styling": { "codeblocks": { "theme": "css-variables" } }')],
  ['codeblocks as an object with light and dark themes and custom languages', docsJson('  "styling": { "codeblocks": { "theme": { "light": "github-light", "dark": "github-dark" }, "languages": { "custom": ["/grammars/acme.json"] } } }')],
  ['thumbnails', docsJson('  "thumbnails": { "appearance": "dark", "background": "/thumb.png", "fonts": { "family": "Inter" } }')],
  ['every integration', docsJson(`  "integrations": {
    "adobe": { "launchUrl": "https://assets.adobedtm.com/launch.js" }, "amplitude": { "apiKey": "k" }, "clarity": { "projectId": "p" },
    "fathom": { "siteId": "s" }, "ga4": { "measurementId": "G-ABC123" }, "gtm": { "tagId": "GTM-ABC" }, "heap": { "appId": "1" },
    "hightouch": { "writeKey": "w", "apiHost": "ht.acme.dev" }, "hotjar": { "hjid": "1", "hjsv": "6" }, "logrocket": { "appId": "a/b" },
    "mixpanel": { "projectToken": "t" }, "pirsch": { "id": "i" }, "plausible": { "domain": "acme.dev", "server": "stats.acme.dev" },
    "posthog": { "apiKey": "phc_abc", "apiHost": "https://ph.acme.dev", "sessionRecording": true }, "segment": { "key": "k" },
    "frontchat": { "snippetId": "123456" }, "intercom": { "appId": "abcdef" }, "clearbit": { "publicApiKey": "pk" },
    "telemetry": { "enabled": false }, "cookies": { "key": "consent", "value": "yes" }
  }`)],
  ['api settings', docsJson('  "api": { "mdx": { "server": "https://api.acme.dev", "auth": { "method": "key", "name": "X-Api-Key" } }, "playground": { "display": "none", "proxy": false }, "examples": { "languages": ["curl"], "defaults": "required" }, "params": { "expanded": "all" } }')],
  ['api.mdx.server as a list', docsJson('  "api": { "mdx": { "server": ["https://api.acme.dev", "https://eu.api.acme.dev"] }, "playground": { "display": "auth" } }')],
  ['openapi as a string, an array and {source, directory}', withNavigation(`{ "tabs": [
    { "tab": "One", "openapi": "openapi.yaml" },
    { "tab": "Many", "openapi": ["specs/a.json", "https://api.acme.dev/openapi.json"] },
    { "tab": "Object", "groups": [{ "group": "API", "openapi": { "source": "specs/b.yaml", "directory": "api-reference" }, "pages": ["GET /users"] }] }
  ] }`)],
  ['api.openapi and asyncapi', docsJson('  "api": { "openapi": ["openapi.yml", "v3-openapi.yaml"], "asyncapi": "/asyncapi.yaml" }')],
  ['groups with root, hidden, icon, tag, expanded', withNavigation('{ "groups": [{ "group": "Start", "root": "start/index", "hidden": false, "icon": "rocket", "tag": "NEW", "expanded": true, "pages": ["index", { "group": "Nested", "icon": { "name": "house", "style": "solid" }, "pages": ["a"] }] }] }')],
  ['anchors with links, global anchors', withNavigation('{ "global": { "anchors": [{ "anchor": "Blog", "href": "https://acme.dev/blog", "icon": "newspaper" }] }, "anchors": [{ "anchor": "Docs", "icon": "book", "groups": [{ "group": "G", "pages": ["index"] }] }, { "anchor": "Status", "href": "https://status.acme.dev" }] }')],
  ['languages, versions, dropdowns, products and menus', withNavigation(`{ "languages": [
    { "language": "en", "default": true, "versions": [{ "version": "v2", "default": true, "dropdowns": [{ "dropdown": "Guides", "description": "How-tos", "pages": ["index"] }] }] },
    { "language": "zh-Hans", "products": [{ "product": "Cloud", "tabs": [{ "tab": "Docs", "menu": [{ "item": "Start", "description": "d", "groups": [{ "group": "G", "pages": ["zh/index"] }] }] }] }] }
  ] }`)],
  ['a link tab and a hidden searchable tab', withNavigation('{ "tabs": [{ "tab": "Changelog", "href": "https://acme.dev/changelog" }, { "tab": "Internal", "hidden": true, "searchable": true, "pages": ["internal"] }] }')],
  ['real-world keys: navbar, footer, banner, redirects, seo, search, errors, contextual, metadata, variables, interaction, markdown', docsJson(`  "navbar": { "links": [{ "label": "Blog", "href": "https://acme.dev/blog" }, { "type": "github", "href": "https://github.com/acme" }], "primary": { "type": "button", "label": "Sign up", "href": "https://acme.dev/signup" } },
  "footer": { "socials": { "x": "https://x.com/acme", "hacker-news": "https://news.ycombinator.com" }, "links": [{ "header": "Company", "items": [{ "label": "About", "href": "https://acme.dev/about" }] }] },
  "banner": { "content": "**New**: v2", "dismissible": true, "type": "warning", "color": "#FF0000" },
  "redirects": [{ "source": "/old", "destination": "/new", "permanent": false }],
  "seo": { "indexing": "all", "metatags": { "og:locale": "en_US" } },
  "search": { "prompt": "Search Acme" },
  "errors": { "404": { "redirect": false, "title": "Lost?" } },
  "contextual": { "options": ["copy", "view", { "title": "Ask", "description": "Ask us", "href": "https://acme.dev/ask?page=$page" }], "display": "toc" },
  "metadata": { "timestamp": true },
  "variables": { "product": "Acme" },
  "interaction": { "drilldown": false },
  "markdown": { "instructions": ["Use the acme CLI"] }`)],
  ['variations with the willow theme', docsJson('  "variations": { "options": [{ "id": "cloud", "label": "Cloud" }] }').replace('"mint"', '"willow"')],
  ['a $schema URL', docsJson('  "$schema": "https://mintlify.com/docs.json"')],
];

describe('validateConfig: valid configurations give no diagnostics', () => {
  it.each(validCases)('%s', (_name, text) => {
    const { diagnostics } = check({ 'docs.json': text });
    expect(summary(diagnostics)).toEqual([]);
  });
});
