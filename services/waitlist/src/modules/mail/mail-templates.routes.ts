import { AppError } from '@mmdm/shared/errors';
import { noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import {
  isMailTemplateName,
  listMailTemplates,
  previewMailTemplate,
  type MailSite,
} from './templates/mail-templates.js';
import { previewParams } from './mail.schema.js';

export interface MailTemplateRoutesDeps {
  site: MailSite;
  verifier: StaffTokenVerifier;
}

/** Staff look at every mail the service sends, rendered with sample data (admins: it shows the whole mail). */
export function mailTemplateRoutes({ site, verifier }: MailTemplateRoutesDeps): Router {
  const router = Router();
  const admin = requireStaff(verifier, 'admin');
  router.use('/api/admin/waitlist/mail-templates', noStore);

  router.get('/api/admin/waitlist/mail-templates', admin, (_req, res) => {
    res.json({ items: listMailTemplates(site) });
  });

  router.get('/api/admin/waitlist/mail-templates/:name/preview', admin, async (req, res) => {
    const { name } = previewParams.parse(req.params);
    if (!isMailTemplateName(name))
      throw new AppError(404, 'template_not_found', 'There is no mail template of that name.');
    res.json({ name, ...(await previewMailTemplate(name, site)) });
  });

  return router;
}
