// Managed bytes (and time) per operation of DocStore.PostgreSQL's typed collections, as docs/postgresql.md
// ("Allocations") reports them: GC.GetAllocatedBytesForCurrentThread() around a run of calls after warm-up,
// against the server the first argument names (a connection string; its schema "probe" is dropped and
// made anew). Raw.cs measures Npgsql's own share of a statement the same way.
//   dotnet run -c Release --project benchmarks/PgAllocations -- "Host=...;Username=...;Database=..."
using DocStore;
using DocStore.PostgreSQL;
using Npgsql;

var cs = args.Length > 0 ? args[0] : throw new ArgumentException("Pass the server's connection string.");
using (var c = new NpgsqlConnection(cs)) { c.Open(); using var cmd = new NpgsqlCommand("DROP SCHEMA IF EXISTS probe CASCADE; CREATE SCHEMA probe", c); cmd.ExecuteNonQuery(); }
await using var db = ProbeDb.OpenPostgres(cs + ";Search Path=probe");
var rnd = new Random(7);
Person Make(long id) => new() { Id = id, Name = "Ada Lovelace " + id, Email = $"user{id}@example.org", Age = 18 + (int)(id % 70), Score = (int)id, Address = new Address { Street = id + " Main Street", City = "City" + (id % 100).ToString("D3"), Zip = 10000 + (int)id % 900 }, Tags = ["tag" + (id % 200).ToString("D3"), "tag" + ((id * 7) % 200).ToString("D3")], Bio = new string('b', 200) };
for (var b = 0; b < 100; b++) db.People.InsertMany(Enumerable.Range(b * 100 + 1, 100).Select(i => Make(i)).ToList());
long next = 20001;
void Measure(string name, int n, Action op)
{
    for (var i = 0; i < 200; i++) op();
    var before = GC.GetAllocatedBytesForCurrentThread();
    var sw = System.Diagnostics.Stopwatch.StartNew();
    for (var i = 0; i < n; i++) op();
    Console.WriteLine($"{name,-14} {(GC.GetAllocatedBytesForCurrentThread() - before) / n,10:N0} B/op {sw.Elapsed.TotalMicroseconds / n,10:N0} us/op");
}
Measure("get", 2000, () => db.People.Get(rnd.Next(1, 10001)));
Measure("find_email", 2000, () => db.People.FindByEmail($"user{rnd.Next(1, 10001)}@example.org"));
Measure("count_age", 2000, () => db.People.CountByAge(30));
Measure("range_1000", 20, () => { var a = rnd.Next(18, 70); foreach (var p in db.People.FindByAgeRange(a, a + 6)) { } });
var batch = new List<Person>(100);
Measure("insert100", 20, () => { batch.Clear(); for (var i = 0; i < 100; i++) batch.Add(Make(next++)); db.People.InsertMany(batch); });
var upd = Make(5);
Measure("update", 2000, () => { upd.Id = rnd.Next(1, 10001); upd.Email = $"user{upd.Id}@example.org"; upd.Age = 18 + rnd.Next(70); db.People.Update(upd); });
Measure("get_async", 2000, () => db.People.GetAsync(rnd.Next(1, 10001)).AsTask().GetAwaiter().GetResult());
Raw.Run(cs);

[Collection]
[Index("Address.City")]
[Index("Tags[]")]
public sealed partial class Person
{
    [Key] public long Id { get; set; }
    public string Name { get; set; } = "";
    [Index(Unique = true)] public string Email { get; set; } = "";
    [Index] public int Age { get; set; }
    public int Score { get; set; }
    public Address Address { get; set; } = new();
    public string[] Tags { get; set; } = [];
    public string Bio { get; set; } = "";
}
public sealed class Address { public string Street { get; set; } = ""; public string City { get; set; } = ""; public int Zip { get; set; } }
[ContextCollections(typeof(Person))]
public sealed partial class ProbeDb : DocStoreContext;
