using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;

namespace DocStore.Engine.Files;

/// <summary>Opens the double-write file beside an encrypted database file and attaches it to the file's device (see <see cref="PageDoubleWrite"/>).</summary>
internal static class DoubleWriteFile
{
    /// <summary>For a database opened for writing: the file is created (with <paramref name="mode"/>) when missing. Nothing for a plain database.</summary>
    public static void Attach(IStorageDevice db, DatabaseKey? key, string path, bool shared, UnixFileMode? mode)
    {
        if (key is null || db is not EncryptedDevice encrypted)
        {
            return;
        }

        var file = LogPaths.DoubleWrite(path);
        Attach(encrypted, key, shared ? FileStorageDevice.OpenShared(file, unbufferedWrites: false, mode) : FileStorageDevice.Open(file, createMode: mode));
    }

    /// <summary>For a read-only open: an existing file is read (a page torn by a power cut is found there); none is created.</summary>
    public static void AttachReadOnly(IStorageDevice db, DatabaseKey? key, string path, bool shared)
    {
        var file = LogPaths.DoubleWrite(path);
        if (key is not null && db is EncryptedDevice encrypted && File.Exists(file))
        {
            Attach(encrypted, key, FileStorageDevice.OpenReadOnly(file, shared));
        }
    }

    private static void Attach(EncryptedDevice db, DatabaseKey key, FileStorageDevice raw)
    {
        try
        {
            db.AttachDoubleWrite(key.OpenDoubleWrite(raw));
        }
        catch
        {
            raw.Dispose();
            throw;
        }
    }
}
