import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStockTipSchema, stockTipSchema } from '../../../contract/stock-tips';
import { requireUser } from '../auth/auth.plugin';
import type { StockTipsService } from './stock-tips.service';

export function stockTipsRoutes(service: StockTipsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/stock-tip/current', { schema: { response: { 200: currentStockTipSchema } } }, async (request) =>
      service.current(requireUser(request)),
    );

    app.post('/api/stock-tip/refresh', { schema: { response: { 200: stockTipSchema } } }, async (request) =>
      service.refresh(requireUser(request)),
    );
  };
}
