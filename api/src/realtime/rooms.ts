/** Every socket of a signed-in user joins this room, whichever tab or device it comes from. */
export const userRoom = (userId: string) => `user:${userId}`;
