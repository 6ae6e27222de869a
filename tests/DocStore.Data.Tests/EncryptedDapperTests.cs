using Dapper;

namespace DocStore.Data.Tests;

/// <summary>
/// An encrypted database through ADO.NET and Dapper: <c>Password=</c> in the connection string opens it, and
/// a wrong password, or none, fails the open with <see cref="EncryptionKeyException"/>.
/// </summary>
public sealed class EncryptedDapperTests
{
    private const string Password = "correct horse battery staple";

    [Fact]
    public void Dapper_queries_an_encrypted_database_with_the_password_from_the_connection_string()
    {
        using var temp = new TempDb();
        Seed(temp.Path);
        using (var connection = new DocStoreConnection($"{temp.ConnectionString};Password={Password}"))
        {
            var names = connection.Query<string>("SELECT Name FROM Customers WHERE City = @city ORDER BY Id", new { city = "Oslo" });
            Assert.Equal(["Ann", "Cid"], names);
            Assert.Equal(3, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers"));
        }

        // Closed for good (the pool keeps it open otherwise): the file holds no value in the clear.
        DocStoreConnection.ClearAllPools();
        Assert.True(File.ReadAllBytes(temp.Path).AsSpan().IndexOf("Oslo"u8) < 0);
    }

    [Theory]
    [InlineData(";Password=not the password")]
    [InlineData("")]
    public void A_wrong_or_missing_password_fails_the_open_with_EncryptionKeyException(string password)
    {
        using var temp = new TempDb();
        Seed(temp.Path);
        var before = File.ReadAllBytes(temp.Path);
        using (var connection = new DocStoreConnection(temp.ConnectionString + password))
        {
            var e = Assert.Throws<EncryptionKeyException>(() => connection.Query<string>("SELECT Name FROM Customers").ToList());
            Assert.Equal(DocStoreErrorCode.EncryptionKeyMismatch, e.ErrorCode);
            Assert.Equal(temp.Path, e.FileName);
            Assert.Equal(System.Data.ConnectionState.Closed, connection.State);
        }

        Assert.Equal(before, File.ReadAllBytes(temp.Path));

        // The right password still opens it afterwards.
        using var right = new DocStoreConnection($"{temp.ConnectionString};Password={Password}");
        Assert.Equal(2, right.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers WHERE City = 'Oslo'"));
    }

    private static void Seed(string path)
    {
        using var db = ShopDb.Open(path, new DocStoreOptions { Password = Password });
        db.Customers.Insert(new Customer { Id = 1, Name = "Ann", City = "Oslo" });
        db.Customers.Insert(new Customer { Id = 2, Name = "Bob", City = "Bergen" });
        db.Customers.Insert(new Customer { Id = 3, Name = "Cid", City = "Oslo" });
    }
}
