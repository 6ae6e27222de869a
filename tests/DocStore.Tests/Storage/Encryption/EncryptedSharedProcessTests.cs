using DocStore.Tests.Storage.MultiProcess;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// An encrypted database opened <see cref="DocStoreSharing.Shared"/> from two processes (the crash host's
/// <c>encshared*</c> modes, through the public API): a reader process decrypts what a writer process
/// commits while both have it open, and a process with a wrong key is refused with
/// <see cref="EncryptionKeyException"/> while the writer goes on.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class EncryptedSharedProcessTests
{
    private const int Documents = 150;
    private static readonly string Key = Convert.ToHexString(EncryptedFilesTests.TestKey);
    private static readonly string WrongKey = Convert.ToHexString(Enumerable.Range(0, 32).Select(i => (byte)(i + 1)).ToArray());

    [SharedOpenFact]
    public void A_reader_process_decrypts_the_writer_processes_commits_and_a_wrong_key_is_refused()
    {
        using var dir = new TempDirectory();
        var path = dir.File("shared.db");
        using var writer = new CrashHostProcess("encsharedwrite", path, Key, Documents.ToString(System.Globalization.CultureInfo.InvariantCulture));
        HostLines.WaitFor(writer, l => l.StartsWith("ack ", StringComparison.Ordinal) && HostLines.Number(l, "ack ") >= 20, "20 commits");

        // The reader opens while the writer is still inserting, and waits for all of them.
        using (var reader = new CrashHostProcess("encsharedread", path, Key, Documents.ToString(System.Globalization.CultureInfo.InvariantCulture)))
        {
            HostLines.WaitFor(reader, l => l == "ready", "the reader to open");
            Assert.Equal($"seen {Documents}", HostLines.WaitFor(reader, l => l.StartsWith("seen ", StringComparison.Ordinal), "the reader to see every document"));
            reader.WaitForExit();
            Assert.Equal(0, reader.ExitCode);
        }

        HostLines.WaitFor(writer, l => l == "done", "the writer's last commit");

        // Both a reader and a writer with a wrong key are refused beside the open writer, naming the code.
        foreach (var mode in new[] { "encsharedread", "encsharedwrite" })
        {
            using var wrong = new CrashHostProcess(mode, path, WrongKey, "1");
            var refused = HostLines.WaitFor(wrong, l => l.StartsWith("refused ", StringComparison.Ordinal) || l == "ready", $"{mode} with a wrong key");
            Assert.StartsWith($"refused {DocStoreErrorCode.EncryptionKeyMismatch}: Wrong key or not an encrypted DocStore database", refused, StringComparison.Ordinal);
            wrong.WaitForExit();
            Assert.Equal(3, wrong.ExitCode);
        }

        // The writer was not disturbed; nothing of a document is in the clear in any file beside it.
        writer.CloseInput();
        writer.WaitForExit();
        Assert.Equal(0, writer.ExitCode);
        foreach (var file in Directory.GetFiles(dir.Path))
        {
            Assert.True(File.ReadAllBytes(file).AsSpan().IndexOf("secret-000"u8) < 0, $"{file} holds a value in the clear");
        }

        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey, ReadOnly = true });
        Assert.Equal(Documents, db.GetCollection("notes").Count());
    }
}
