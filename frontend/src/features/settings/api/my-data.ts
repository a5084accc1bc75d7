import { DeleteAccountResponse, MIN_POSITION_HEADER, MyDataExport, type DeleteAccountBody } from '@hireloop/contracts';
import { getMinPosition, parseAnswer, sendJson } from '../../../lib/api-client';

/**
 * `POST /api/me/data-export` (ADR 080): everything Hireloop holds about the signed-in person. It
 * carries the tab's last write position, so the file holds what this tab just did.
 */
export async function exportMyData(): Promise<MyDataExport> {
  const seen = getMinPosition();
  const answer = await sendJson('POST', '/api/me/data-export', undefined, seen ? { headers: { [MIN_POSITION_HEADER]: seen } } : {});
  return parseAnswer(MyDataExport, answer, '/api/me/data-export');
}

/** `DELETE /api/me`: erases the account; its email typed again confirms it. */
export async function deleteMyAccount(body: DeleteAccountBody): Promise<DeleteAccountResponse> {
  return parseAnswer(DeleteAccountResponse, await sendJson('DELETE', '/api/me', body), '/api/me');
}

/** Offers the export as a file the browser saves (`hireloop-data-YYYY-MM-DD.json`). */
export function saveAsFile(data: MyDataExport): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `hireloop-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
