using DocStore.Storage;
using DocStore.Storage.Sharing;

namespace DocStore.Engine.Lifecycle;

/// <summary>
/// A read-only open that did not ask for <see cref="DocStoreSharing.Shared"/>, of a file other processes
/// open shared (docs/storage.md, "Read-only open"): it never writes, so it reads through the shared
/// protocol, as a shared reader, rather than be refused beside a shared writer or read a log that writer
/// restarts under it. The shared file beside the database is the sign: every shared open keeps it there and
/// an exclusive writable open removes it. Without one, nothing is created and the files are read as they are.
/// </summary>
internal static class ReadOnlyBesideShared
{
    /// <summary>Whether the read-only open of <paramref name="path"/> with <paramref name="options"/> joins the processes sharing it.</summary>
    public static bool Applies(string path, StorageOptions options) =>
        options.ReadOnly && options.Sharing == DocStoreSharing.Exclusive && SharedMemoryFile.IsSupported
        && File.Exists(path) && File.Exists(SharedMemoryFile.PathFor(path));

    /// <summary>Opens <paramref name="path"/> as a shared reader; an exclusive writer still refuses it.</summary>
    public static StorageEngine Open(string path, StorageOptions options) =>
        SharedOpener.OpenReader(path, options with { Sharing = DocStoreSharing.Shared });
}
