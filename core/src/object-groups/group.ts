/** An object inside a group row (spec 02 §3 "Object group": assetId, name, isBuyerAsset, state, questionnaireId, score, years). */
export interface GroupAsset {
  assetId: number;
  name: string;
  isBuyerAsset: boolean;
  state: string | null;
  questionnaireId: number | null;
  score: number | null;
  constructionYear: number | null;
  renovationYear: number | null;
}
