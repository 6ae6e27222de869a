using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>
/// A fact about backups from another process through the backup lock: reported as skipped, with the
/// reason, where the system has no such backups, instead of passing without having checked anything.
/// </summary>
internal sealed class BackupLockFactAttribute : FactAttribute
{
    /// <summary>Why such a test does not run here.</summary>
    internal const string Unsupported = "Backups from another process need flock and unlocked opens of a locked file (Linux, macOS, FreeBSD); elsewhere the backup fails with the lock message.";

    public BackupLockFactAttribute()
    {
        if (!BackupLockFile.IsSupported)
        {
            Skip = Unsupported;
        }
    }
}

/// <summary>The theory twin of <see cref="BackupLockFactAttribute"/>.</summary>
internal sealed class BackupLockTheoryAttribute : TheoryAttribute
{
    public BackupLockTheoryAttribute()
    {
        if (!BackupLockFile.IsSupported)
        {
            Skip = BackupLockFactAttribute.Unsupported;
        }
    }
}
