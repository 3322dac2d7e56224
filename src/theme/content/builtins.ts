import type { ComponentMap } from './context.js';
import { Callout, Check, Danger, Info, Note, Tip, Warning } from './components/callouts.js';
import { Card, CardGroup, Column, Columns, Frame, Panel, Tile } from './components/cards.js';
import { CodeBlock } from './components/code.js';
import { CodeGroup, RequestExample, ResponseExample, Tab, Tabs } from './components/groups.js';
import { Accordion, AccordionGroup, Expandable, Step, Steps, Tree, TreeFile, TreeFolder } from './components/disclosure.js';
import { ParamField, ResponseField } from './components/fields.js';
import { Badge, Color, ColorItem, ColorRow, GitHubRepo, Latex, Prompt, Snippet, Tooltip, Update, View, Visibility } from './components/misc.js';
import { Mermaid } from './components/mermaid.js';
import { Icon } from './icons.js';

/**
 * Every component the compiler knows as built in (src/content/components.ts), by the name pages write,
 * plus `CodeBlock` (fenced code) and `Mermaid` (also fenced code with lang `mermaid`).
 */
export const builtInComponents: ComponentMap = {
  Accordion,
  AccordionGroup,
  Badge,
  Callout,
  Card,
  CardGroup,
  Check,
  CodeBlock,
  CodeGroup,
  Color,
  'Color.Item': ColorItem,
  'Color.Row': ColorRow,
  Column,
  Columns,
  Danger,
  Expandable,
  FileTree: Tree,
  Frame,
  'GitHub.Repo': GitHubRepo,
  Icon,
  Info,
  Latex,
  Mermaid,
  Note,
  Panel,
  ParamField,
  Prompt,
  RequestExample,
  ResponseExample,
  ResponseField,
  Snippet,
  Step,
  Steps,
  Tab,
  Tabs,
  Tile,
  Tip,
  Tooltip,
  Tree,
  'Tree.File': TreeFile,
  'Tree.Folder': TreeFolder,
  Update,
  View,
  Visibility,
  Warning,
};
