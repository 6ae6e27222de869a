using DocStore;
using InstallCheck;

// Writes a small database next to the program and checks what the generated methods return.
var path = args.Length > 0 ? args[0] : "install.db";
using (var db = ShopDb.Open(path))
{
    db.Customers.Insert(new Customer { Id = 1, Email = "ada@example.org", Address = { City = "London" }, Tags = { "math" } });
    db.Customers.Insert(new Customer { Id = 2, Email = "grace@example.org", Address = { City = "Arlington" }, Tags = { "navy", "cobol" } });
    db.Customers.Insert(new Customer { Id = 3, Email = "alan@example.org", Address = { City = "London" }, Tags = { "math" } });

    var ada = db.Customers.FindByEmail("ada@example.org") ?? throw new InvalidOperationException("unique index lookup failed");
    var londoners = db.Customers.FindByAddressCity("London").Count();
    var math = db.Customers.FindByTags("math").Count();
    // Constant SQL is checked against the model when this builds (DOCS020-022), so a typo fails the build.
    var sqlLondoners = db.Sql.Query("SELECT Email FROM Customers WHERE Address.City = 'London' ORDER BY Email").Count;
    // A LINQ query is translated onto the indexes; the package's analyzers check it when this builds.
    var city = "London";
    var linqLondoners = db.Customers.Query().Where(c => c.Address.City == city && c.Tags.Contains("math")).Select(c => c.Email).ToList();
    if (ada.Id != 1 || londoners != 2 || math != 2 || sqlLondoners != 2 || linqLondoners.Count != 2)
        throw new InvalidOperationException($"unexpected results: id {ada.Id}, London {londoners}, math {math}, SQL London {sqlLondoners}, LINQ London {linqLondoners.Count}");

    var report = db.CheckIntegrity();
    Console.WriteLine($"customers: {db.Customers.Count()}, London: {londoners}, math: {math}, integrity: {(report.IsValid ? "ok" : "FAILED")}");
    if (!report.IsValid) return 1;
}
return 0;
