using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;

namespace DocStore.Engine.Files;

/// <summary>
/// Where a backup or a compaction writes its pages: the staged file itself, or, for an encrypted database,
/// an encrypting stream over it (docs/storage.md, "Encryption"), so no copy holds a page in the clear.
/// </summary>
internal static class CopyTarget
{
    /// <summary>The stream pages go to; <paramref name="key"/> null writes them as they are. The staged file owns the file: the stream is not to be disposed.</summary>
    public static Stream For(StagedFile staged, DatabaseKey? key) =>
        key is null ? staged.Stream : new DeviceStream(key.WrapDatabase(new StreamDevice(staged.Stream)));

    /// <summary>Makes what was written to <paramref name="target"/> durable.</summary>
    public static void FlushToDisk(Stream target)
    {
        if (target is FileStream file)
        {
            file.Flush(flushToDisk: true);
        }
        else
        {
            target.Flush();
        }
    }
}
