import { AppError } from '@mmdm/shared/errors';
import { noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import {
  isMailTemplateName,
  listMailTemplates,
  previewMailTemplate,
  type MailSite,
} from './templates/mail-templates.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

export interface MailTemplateRoutesDeps {
  site: MailSite;
  verifier: StaffTokenVerifier;
}

/** Staff look at every mail the service sends, rendered with sample data (admins: it shows the whole mail). */
export function mailTemplateRoutes({ site, verifier }: MailTemplateRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  router.use(calls.listMailTemplates.path, noStore);

  route(calls.listMailTemplates, (_req, res) => {
    res.json({ items: listMailTemplates(site) });
  });

  route(calls.previewMailTemplate, async (req, res) => {
    const { name } = validated(calls.previewMailTemplate, res).params;
    if (!isMailTemplateName(name))
      throw new AppError(404, 'template_not_found', 'There is no mail template of that name.');
    res.json({ name, ...(await previewMailTemplate(name, site)) });
  });

  return router;
}
