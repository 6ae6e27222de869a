namespace DocStore.CrashHost.Collections;

/// <summary>
/// The <c>rekey</c> mode: rotates an encrypted database between two keys forever, in place, so that the
/// test kills the process at random points of a rotation.
/// </summary>
public static class RekeyWorkload
{
    /// <summary>
    /// Opens <paramref name="path"/> under whichever of the two keys opens it, then compacts it under the
    /// other one, then back, printing <c>rekeyed a</c> or <c>rekeyed b</c> after each.
    /// </summary>
    /// <param name="path">The database file.</param>
    /// <param name="a">One key (hex, 32 bytes).</param>
    /// <param name="b">The other key.</param>
    /// <returns>Never returns normally; the test kills the process.</returns>
    public static int Run(string path, string a, string b)
    {
        var keys = new[] { Convert.FromHexString(a), Convert.FromHexString(b) };
        DocStoreDatabase db;
        var current = 0;
        try
        {
            db = DocStoreDatabase.Open(path, Options(keys[0]));
        }
        catch (EncryptionKeyException)
        {
            current = 1;
            db = DocStoreDatabase.Open(path, Options(keys[1]));
        }

        using (db)
        {
            Console.WriteLine("ready");
            Console.Out.Flush();
            while (true)
            {
                current = 1 - current;
                db.Compact(DocStoreEncryption.WithKey(keys[current]));
                Console.WriteLine(current == 0 ? "rekeyed a" : "rekeyed b");
                Console.Out.Flush();
            }
        }
    }

    /// <summary>The options the database is opened with under <paramref name="key"/>.</summary>
    /// <param name="key">The key.</param>
    /// <returns>The options.</returns>
    public static DocStoreOptions Options(byte[] key) => new() { PageSize = 1024, Durability = Durability.Full, EncryptionKey = key };
}
