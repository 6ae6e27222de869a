using DocStore;
using DocStore.Bson;
using DocStore.Bson.Interop;
using QuickStart;

// The quick start: a people collection with four kinds of index, on a database file. `quickstart.db`
// (and its `-wal` and `-redo`) in the working directory is deleted at the start of every run, so each
// run starts from an empty database and shows the same output. Run: dotnet run --project samples/QuickStart
const string path = "quickstart.db";
File.Delete(path);
File.Delete(path + "-wal");
File.Delete(path + "-redo");

using (var db = AppDb.Open(path))
{
    db.People.Insert(new Person { Email = "ada@example.org", Age = 36, Address = new() { City = "London" }, Tags = { "math" } });
    db.People.Insert(new Person { Email = "alan@example.org", Age = 41, Address = new() { City = "Wilmslow" }, Tags = { "math", "logic" } });
    db.People.Insert(new Person { Email = "grace@example.org", Age = 30, Address = new() { City = "Arlington" }, Tags = { "navy" } });

    Person? ada = db.People.FindByEmail("ada@example.org");        // unique index: one or null
    Console.WriteLine($"FindByEmail: {ada?.Email}, {ada?.Age}, {ada?.Address.City}");
    Console.WriteLine("FindByAgeRange(30, 40): " + string.Join(", ", db.People.FindByAgeRange(30, 40).Select(p => p.Email)));
    Console.WriteLine("FindByAddressCity(\"London\"): " + string.Join(", ", db.People.FindByAddressCity("London").Select(p => p.Email)));
    Console.WriteLine("FindByTags(\"math\"): " + string.Join(", ", db.People.FindByTags("math").Select(p => p.Email)));
    Console.WriteLine($"Get(ada.Id): {db.People.Get(ada!.Id)?.Email}");

    // Ad-hoc typed queries: LINQ over the collection, planned onto its indexes (Explain says how).
    var minAge = 31;
    var mathematicians = db.People.Query()
        .Where(p => p.Age >= minAge && p.Tags.Contains("math"))
        .OrderBy(p => p.Email).Take(10)
        .Select(p => new EmailAge(p.Email, p.Age))      // a record: NativeAOT-clean, unlike an anonymous type
        .ToList();
    Console.WriteLine("Query() Age >= 31 with tag math: " + string.Join(", ", mathematicians.Select(p => $"{p.Email} ({p.Age})")));
    Console.WriteLine("Explain: " + db.People.Query().Where(p => p.Email.StartsWith("al")).Explain());

    // A query the generator sees whole, with an equality, range or prefix on one indexed member, runs a plan
    // compiled at build time: here a walk of the Age index from 30 to 39 (Explain says "plan: compiled").
    var thirties = db.People.Query().Where(p => p.Age >= 30 && p.Age <= 39).OrderBy(p => p.Age).ToList();
    Console.WriteLine("Query() Age 30..39: " + string.Join(", ", thirties.Select(p => p.Email)));
    Console.WriteLine("Explain: " + db.People.Query().Where(p => p.Age >= 30 && p.Age <= 39).OrderBy(p => p.Age).Explain());

    try
    {
        db.People.Insert(new Person { Email = "ada@example.org" });
    }
    catch (DocStore.DuplicateKeyException e)
    {
        Console.WriteLine($"Unique index: {e.Message}");
    }

    // Several collections or operations commit together in an explicit transaction.
    using (var tx = db.BeginTransaction())
    {
        var alan = db.People.FindByEmail("alan@example.org")!;
        alan.Age = 42;
        db.People.Update(tx, alan);
        db.People.Delete(tx, ada.Id);
        tx.Commit();
    }

    // A stored document is C-BSON; one field reads without decoding the rest, and it exports as JSON.
    var stored = db.People.GetDocumentBytes(db.People.FindByEmail("alan@example.org")!.Id)!;
    PersonCollection.TryReadAge(stored, db.People.Fields, out int age);
    Console.WriteLine($"Age read from {stored.Length} stored bytes: {age}");
    Console.WriteLine(CBsonDocumentConverter.ToExtendedJson(stored, db.People.Fields, ExtendedJsonMode.Relaxed));
}

// Reopened from the file: the data, the indexes and the field names are there.
using (var db = AppDb.Open(path))
{
    Console.WriteLine($"After reopen: {db.People.Count()} people; by age: " + string.Join(", ", db.People.FindByAgeRange(0, 200).Select(p => $"{p.Email} ({p.Age})")));
    Console.WriteLine($"Integrity check: {(db.CheckIntegrity().IsValid ? "ok" : "FAILED")}");
}
