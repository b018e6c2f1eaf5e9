/** The object pages of spec 02 §2: /asset-management/objects/{assetId}/{isBuyerAsset} with its child edit/data. */
export const objectPath = (assetId: number, isBuyerAsset: boolean): string => `/asset-management/objects/${assetId}/${String(isBuyerAsset)}/edit/data`;

/** A new object, optionally in a chosen group (the group row's "add object"). */
export const newObjectPath = (assetGroupId?: number | null): string =>
  `/asset-management/objects/new${assetGroupId ? `?assetGroupId=${assetGroupId}` : ''}`;

/** The route's isBuyerAsset segment: 'true' or 'false', anything else is no object page. */
export const parseBuyerFlag = (segment: string | undefined): boolean | null => (segment === 'true' ? true : segment === 'false' ? false : null);

/** The route's assetId segment: a positive whole number, else none. */
export const parseAssetId = (segment: string | undefined): number | null =>
  segment !== undefined && /^\d{1,15}$/.test(segment) && Number(segment) > 0 ? Number(segment) : null;
