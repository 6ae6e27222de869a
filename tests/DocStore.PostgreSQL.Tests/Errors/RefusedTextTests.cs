using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;

namespace DocStore.PostgreSQL.Tests.Errors;

/// <summary>
/// Text jsonb cannot hold as given (a NUL character) or the JSON writer would have changed (a lone surrogate)
/// is refused with an <see cref="ArgumentException"/> naming the collection, the document and the field, and
/// nothing is written, as the embedded engine refuses a lone surrogate.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class RefusedTextTests(PostgresServer server)
{
    // The character comes as a number: xunit passes theory strings through UTF-8, which replaces a lone surrogate.
    [Theory]
    [InlineData("Note", 0)]
    [InlineData("Home.City", 0)]
    [InlineData("Tags[]", 0)]
    [InlineData("Note", 0xD800)]
    [InlineData("Home.City", 0xDC00)]
    [InlineData("Tags[]", 0xDBFF)]
    public void A_refused_string_names_its_field_and_writes_nothing(string field, int character)
    {
        var text = $"x{(char)character}y";
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        var stored = db.Members.Insert(TypedCollectionSemantics.NewMember("kept", 1, city: "Oslo", tags: "a"));
        var before = db.Members.Get(stored)!.Describe();

        var error = Assert.Throws<ArgumentException>(() => db.Members.Insert(WithText(TypedCollectionSemantics.NewMember("new", 2, city: "Oslo", tags: "a"), field, text)));
        Assert.Contains($"field '{field}'", error.Message, StringComparison.Ordinal);
        Assert.Contains("'Members'", error.Message, StringComparison.Ordinal);
        Assert.Contains("Document 2 ", error.Message, StringComparison.Ordinal);

        var update = WithText(db.Members.Get(stored)!, field, text);
        Assert.Throws<ArgumentException>(() => db.Members.Update(update));
        Assert.Throws<ArgumentException>(() => db.Members.Upsert(update));
        Assert.Throws<ArgumentException>(() => db.Members.InsertMany([TypedCollectionSemantics.NewMember("b1", 3), WithText(TypedCollectionSemantics.NewMember("b2", 4, city: "Oslo", tags: "a"), field, text)]));

        Assert.Equal(1, db.Members.Count());
        Assert.Equal(before, db.Members.Get(stored)!.Describe());
        Assert.Equal(2, db.Members.Insert(TypedCollectionSemantics.NewMember("next", 5)));
    }

    [Fact]
    public void A_refused_string_leaves_a_transaction_usable()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        using (var transaction = db.BeginTransaction())
        {
            db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("ada", 1));
            var error = Assert.Throws<ArgumentException>(() => db.Members.Insert(transaction, WithText(TypedCollectionSemantics.NewMember("bob", 2), "Note", "\0")));
            Assert.Contains("NUL", error.Message, StringComparison.Ordinal);
            db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("eve", 3));
            transaction.Commit();
        }

        Assert.Equal(["ada", "eve"], db.Members.FindAll().Select(m => m.Handle));
    }

    [Theory]
    [InlineData("\uFFFD")]
    [InlineData("\\u0000 and \\uFFFD, spelled out")]
    [InlineData("\uD83D\uDE00 \u0001 \uFFFF")]
    public void Text_that_only_looks_refused_round_trips(string text)
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        var id = db.Members.Insert(WithText(TypedCollectionSemantics.NewMember("ada", 1, city: "Oslo", tags: "a"), "Tags[]", text));
        var back = db.Members.Get(id)!;
        Assert.Equal(text, back.Tags[1]);
        Assert.Equal(id, db.Members.FindByTags(text).Single().Id);
    }

    private static Member WithText(Member member, string field, string text)
    {
        switch (field)
        {
            case "Note":
                member.Note = text;
                break;
            case "Home.City":
                member.Home = new Home { City = text };
                break;
            default:
                member.Tags = [.. member.Tags, text];
                break;
        }

        return member;
    }
}
