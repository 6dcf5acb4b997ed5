import type { FastifyRequest } from 'fastify';
import { formatYuan } from '@spatia/contract';
import { requestOrigin } from '../../lib/request-info.js';
import type { PageMeta } from '../../plugins/web-app.js';
import { pageTitle } from '../seo/index.js';
import { fileUrl } from '../uploads/index.js';
import type { MarketService } from './market.service.js';

const DETAILS_PATH = /^\/marketDetails\/(\d{1,12})\/?(?:\?|$)/;
const PRICE = { zh: '售价', en: 'Price' } as const;

/** The link preview of a market item: its work's name, price and description, and its cover. Only listings on the market get one. */
export function describeMarketPage(market: MarketService, publicUrl: string | undefined) {
  return async (request: FastifyRequest): Promise<PageMeta | undefined> => {
    const id = DETAILS_PATH.exec(request.url)?.[1];
    if (!id) return undefined;
    const listing = await market.listingOnMarket(Number(id));
    if (!listing) return undefined;
    const origin = requestOrigin(request, publicUrl);
    const price = `${PRICE[request.language]} ${formatYuan(listing.priceFen)}`;
    return {
      title: pageTitle(listing.workName, request.language),
      description: [price, listing.workDescription].filter(Boolean).join(' · '),
      imageUrl: listing.coverKey ? origin + fileUrl(listing.coverKey) : '',
      url: `${origin}/marketDetails/${listing.id}`,
    };
  };
}

