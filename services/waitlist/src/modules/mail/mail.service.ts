// The mail feature's public entry for other features: the template set (previews, checks of what every mail says).
export { MAIL_TEMPLATE_NAMES, previewMailTemplate } from './templates/mail-templates.js';
