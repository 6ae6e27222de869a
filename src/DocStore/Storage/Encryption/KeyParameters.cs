namespace DocStore.Storage.Encryption;

/// <summary>What an envelope records about a key: how it was derived (iterations 0: a raw key), the salt, the file's identity and the key check.</summary>
internal readonly record struct KeyParameters(int Iterations, byte[] Salt, byte[] Identity, byte[] Check);
