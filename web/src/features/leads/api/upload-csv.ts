import type { CsvUploadRequest, CsvUploadResult } from '@contract/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { csvChunksInWorker } from '../lib/csv-chunks-in-worker';
import { uploadCsvFile } from '../lib/upload-csv-file';
import { refreshAfterLeadsAdded } from './refresh-lead-queries';

/** POST /api/leads/upload-csv: one chunk of at most CSV_CHUNK_ROWS rows. */
export async function uploadCsvChunk(request: CsvUploadRequest): Promise<CsvUploadResult> {
  const response = await apiRequest('POST', '/api/leads/upload-csv', request);
  return response.json();
}

type UploadCsvFileVariables = Omit<Parameters<typeof uploadCsvFile>[1], 'sendChunk' | 'readChunks'> & { file: File };

/** Streams a whole file through uploadCsvChunk; whatever got imported, the list restarts at page 1 afterwards. */
export function useUploadCsvFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...options }: UploadCsvFileVariables) =>
      uploadCsvFile(file, {
        ...options,
        readChunks: csvChunksInWorker,
        sendChunk: (csvData, firstRowNumber) => uploadCsvChunk({ csvData, firstRowNumber }),
      }),
    onSuccess: (outcome) => {
      if (outcome.totals.added > 0) return refreshAfterLeadsAdded(queryClient);
    },
  });
}
