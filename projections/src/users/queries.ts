import type { User } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { usersProjection, type UserDocument } from './projection';

export const usersCollection = (readStore: ReadStore) => readStore.collection<UserDocument>(physicalCollection(usersProjection, 'users'));

export async function findUserById(readStore: ReadStore, userId: string): Promise<User | null> {
  const doc = await usersCollection(readStore).get(userId);
  if (!doc || doc.erasedAt) return null;
  const { _id, erasedAt: _erasedAt, ...user } = doc;
  return user;
}
