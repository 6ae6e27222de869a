using System.Text;
using DocStore;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;

// Modes:
//   write <path> <seed>  commit transactions forever from two concurrent writers, printing "ack <id>"
//                        after each acknowledged commit ("ready" first); the test kills the process.
//   write <path> <seed> <key>  the same on a database encrypted under the key (hex, 32 bytes).
//   collections <path> <seed>  the collection workload (Collections/CollectionWorkload.cs): typed
//                        documents with every index kind, printing "begin"/"ack" lines; killed likewise.
//   redo <path>          collection writes through redo records after a checkpoint (Collections/RedoWorkload.cs),
//                        then the redo figures and "done"; the test kills the process.
//   spill <path> <seed>  large collection transactions spilling to the WAL (Collections/SpillWorkload.cs),
//                        printing "begin"/"progress"/"ack"/"rolled" lines; killed likewise.
//   upkeep <path> <seed> <durability>  the collection workload at that durability beside compaction, dense
//                        copies and backups paced by acknowledgements (Collections/UpkeepWorkload.cs); killed likewise.
//   rekey <path> <keyA> <keyB>  rotate an encrypted database between two keys in place forever (Collections/RekeyWorkload.cs).
//   compact <path>      compact the database in place over and over (Collections/SpaceWorkload.cs).
//   backup <path> <dest>  a writer inserts sequential keys while backups go to <dest> over and over.
//   seqwrite <path> [noredo]  insert sequential keys, one commit each, printing "ack n" (Collections/BackupFileWorkload.cs).
//   backupfile <path> <dest>  back up a database another process writes, over and over (DocStoreContext.BackupFile).
//   sharedwrite <path>   commit forever on a database opened shared, until stdin closes (Collections/SharedWorkload.cs).
//   sharedread <path> <id>  read it shared from another process, checking each snapshot, until id is seen.
//   sharedhold <path>    hold one shared read snapshot, re-reading it at each stdin line.
//   sharedfields <path>  read documents with new field names through the public API, shared (one per stdin line).
//   sharedprobe <path> write|read  try a shared open; print "locked" or "opened".
//   sharedcount <path> <n>  increment a shared counter n times, one turn at the writer lock each (Collections/SharedWritersWorkload.cs).
//   sharedholdwrite <path>  hold a write transaction open until a line on stdin, then commit it.
//   sharedtry <path> <ms>  with that busy timeout, try one increment per stdin line; print "committed" or "busy ...".
//   sharedpeople <path> <n>  insert n documents with generated keys and new field names, shared (Collections/SharedPeopleWorkload.cs).
//   soakseed <path>      create the multi-process soak's database (Soak/SharedSoak.cs).
//   soakwrite <path> <name> <seed>  a writer of the multi-process soak (Soak/SoakWriter.cs); killed by the driver.
//   soakread <path> <seed>  a reader of the soak, checking every snapshot (Soak/SoakReader.cs); killed likewise.
//   soakcheckpoint <path> <seed>  the soak's checkpointer, checkpointing in a loop; killed likewise.
//   sharedapp <path> <first-id>  an application inserting continuously, shared, beside the tool (Soak/SharedAppWorkload.cs).
//   changeswrite <path> <n> shared|exclusive  insert n documents (0: until killed) with the change log on,
//                        printing "ack k" after each (Collections/ChangeFeedWorkload.cs).
//   encsharedwrite <path> <key> <n>  insert n documents into an encrypted database opened shared, then stay
//                        open until stdin closes (Collections/EncryptedSharedWorkload.cs).
//   encsharedread <path> <key> <n>  read it shared under the key until n documents are there, checking each;
//                        a refused key prints "refused <code>: <message>".
//   probe <path>         try to open the database; print "locked" or "opened".
//   hold <path>          open the database, print "ready", keep it open until stdin closes.
return args switch
{
    ["write", var path, var seed] => await WriteAsync(path, int.Parse(seed, System.Globalization.CultureInfo.InvariantCulture)),
    ["write", var path, var seed, var key] => await WriteAsync(path, int.Parse(seed, System.Globalization.CultureInfo.InvariantCulture), Convert.FromHexString(key)),
    ["collections", var path, var seed] => await DocStore.CrashHost.Collections.CollectionWorkload.RunAsync(path, int.Parse(seed, System.Globalization.CultureInfo.InvariantCulture)),
    ["redo", var path] => DocStore.CrashHost.Collections.RedoWorkload.Run(path),
    ["spill", var path, var seed] => DocStore.CrashHost.Collections.SpillWorkload.Run(path, int.Parse(seed, System.Globalization.CultureInfo.InvariantCulture)),
    ["upkeep", var path, var seed, var durability] => await DocStore.CrashHost.Collections.UpkeepWorkload.RunAsync(path, int.Parse(seed, System.Globalization.CultureInfo.InvariantCulture), Enum.Parse<Durability>(durability, ignoreCase: true)),
    ["rekey", var path, var a, var b] => DocStore.CrashHost.Collections.RekeyWorkload.Run(path, a, b),
    ["compact", var path] => DocStore.CrashHost.Collections.SpaceWorkload.Compact(path),
    ["backup", var path, var destination] => await DocStore.CrashHost.Collections.SpaceWorkload.BackupAsync(path, destination),
    ["seqwrite", var path] => DocStore.CrashHost.Collections.BackupFileWorkload.Write(path),
    ["seqwrite", var path, "noredo"] => DocStore.CrashHost.Collections.BackupFileWorkload.Write(path, redoLog: false),
    ["backupfile", var path, var destination] => DocStore.CrashHost.Collections.BackupFileWorkload.Backup(path, destination),
    ["sharedwrite", var path] => DocStore.CrashHost.Collections.SharedWorkload.Write(path),
    ["sharedread", var path, var target] => DocStore.CrashHost.Collections.SharedWorkload.Read(path, long.Parse(target, System.Globalization.CultureInfo.InvariantCulture)),
    ["sharedfields", var path] => DocStore.CrashHost.Collections.SharedWorkload.ReadFields(path),
    ["sharedhold", var path] => DocStore.CrashHost.Collections.SharedWorkload.Hold(path),
    ["sharedprobe", var path, var access] => DocStore.CrashHost.Collections.SharedWorkload.Probe(path, readOnly: access == "read"),
    ["sharedcount", var path, var times] => DocStore.CrashHost.Collections.SharedWritersWorkload.Count(path, DocStore.CrashHost.Collections.SharedWritersWorkload.Number(times)),
    ["sharedholdwrite", var path] => DocStore.CrashHost.Collections.SharedWritersWorkload.HoldWrite(path),
    ["sharedtry", var path, var busy] => DocStore.CrashHost.Collections.SharedWritersWorkload.Try(path, DocStore.CrashHost.Collections.SharedWritersWorkload.Number(busy)),
    ["sharedpeople", var path, var count] => DocStore.CrashHost.Collections.SharedPeopleWorkload.Insert(path, DocStore.CrashHost.Collections.SharedWritersWorkload.Number(count)),
    ["soakseed", var path] => SeedSoak(path),
    ["soakwrite", var path, var name, var seed] => DocStore.CrashHost.Soak.SoakWriter.Run(path, name, int.Parse(seed, System.Globalization.CultureInfo.InvariantCulture)),
    ["soakread", var path, var seed] => DocStore.CrashHost.Soak.SoakReader.Read(path, int.Parse(seed, System.Globalization.CultureInfo.InvariantCulture)),
    ["soakcheckpoint", var path, var seed] => DocStore.CrashHost.Soak.SoakReader.Checkpoint(path, int.Parse(seed, System.Globalization.CultureInfo.InvariantCulture)),
    ["sharedapp", var path, var first] => DocStore.CrashHost.Soak.SharedAppWorkload.Run(path, long.Parse(first, System.Globalization.CultureInfo.InvariantCulture)),
    ["changeswrite", var path, var count, var sharing] => DocStore.CrashHost.Collections.ChangeFeedWorkload.Write(path, DocStore.CrashHost.Collections.SharedWritersWorkload.Number(count), sharing == "shared"),
    ["encsharedwrite", var path, var key, var count] => DocStore.CrashHost.Collections.EncryptedSharedWorkload.Write(path, key, DocStore.CrashHost.Collections.SharedWritersWorkload.Number(count)),
    ["encsharedread", var path, var key, var count] => DocStore.CrashHost.Collections.EncryptedSharedWorkload.Read(path, key, DocStore.CrashHost.Collections.SharedWritersWorkload.Number(count)),
    ["probe", var path] => Probe(path),
    ["hold", var path] => Hold(path),
    _ => Usage(),
};

static int Usage()
{
    Console.Error.WriteLine("usage: DocStore.CrashHost write <path> <seed> [<key>] | collections <path> <seed> | redo <path> | spill <path> <seed> | upkeep <path> <seed> <durability> | rekey <path> <keyA> <keyB> | compact <path> | backup <path> <dest> | seqwrite <path> [noredo] | backupfile <path> <dest> | sharedwrite <path> | sharedread <path> <id> | sharedhold <path> | sharedprobe <path> write|read | sharedcount <path> <n> | sharedholdwrite <path> | sharedtry <path> <ms> | sharedpeople <path> <n> | soakseed <path> | soakwrite <path> <name> <seed> | soakread <path> <seed> | soakcheckpoint <path> <seed> | sharedapp <path> <first-id> | changeswrite <path> <n> shared|exclusive | encsharedwrite <path> <key> <n> | encsharedread <path> <key> <n> | probe <path> | hold <path>");
    return 2;
}

static int SeedSoak(string path)
{
    DocStore.CrashHost.Soak.SharedSoak.Seed(path);
    return 0;
}

static int Probe(string path)
{
    try
    {
        using var engine = StorageEngine.Open(path);
        Console.WriteLine("opened");
    }
    catch (DatabaseLockedException)
    {
        Console.WriteLine("locked");
    }

    return 0;
}

static int Hold(string path)
{
    using var engine = StorageEngine.Open(path);
    Console.WriteLine("ready");
    Console.Out.Flush();
    Console.In.ReadToEnd();
    return 0;
}

static async Task<int> WriteAsync(string path, int seed, byte[]? key = null)
{
    var options = new StorageOptions { PageSize = 1024, Durability = Durability.Full, AutoCheckpointFrames = 300, EncryptionKey = key };
    using var engine = StorageEngine.Open(path, options);
    var output = new Lock();
    Console.WriteLine("ready");
    Console.Out.Flush();
    var writers = Enumerable.Range(0, 2).Select(w => Task.Run(async () =>
    {
        var random = new Random(seed * 31 + w);
        while (true)
        {
            using var tx = await engine.BeginWriteAsync();
            var tree = tx.OpenOrCreateTree("crash");
            var id = NextId(tree);
            var keys = random.Next(1, 12);
            for (var k = 0; k < keys; k++)
            {
                var value = new byte[random.Next(10) == 0 ? random.Next(1000, 3000) : random.Next(0, 100)];
                random.NextBytes(value);
                tree.Put(Encoding.ASCII.GetBytes($"t{id:D8}-{k:D3}"), value);
            }

            tree.Put(Encoding.ASCII.GetBytes($"c{id:D8}"), BitConverter.GetBytes(keys));
            await tx.CommitAsync();
            lock (output)
            {
                Console.WriteLine($"ack {id}");
                Console.Out.Flush();
            }
        }
    })).ToArray();
    await Task.WhenAll(writers);
    return 0;
}

// Transaction ids follow the largest committed marker, so every id is used once across runs.
static int NextId(DocStore.BTree.Tree tree)
{
    var cursor = tree.CreateCursor();
    if (!cursor.SeekAtOrBefore("c99999999"u8) || cursor.Key[0] != (byte)'c')
    {
        return 1;
    }

    return int.Parse(Encoding.ASCII.GetString(cursor.Key[1..]), System.Globalization.CultureInfo.InvariantCulture) + 1;
}
