// The sites below are a table: each is one fixed LINQ chain the generator sees, with captured values
// drawn per run, and its LINQ-to-objects twin. Keep each site in this form; CompiledSiteTests runs them.
#pragma warning disable IDE0305, CA1861

namespace DocStore.Generators.RuntimeTests.Linq.Compiled.Sites;

/// <summary>Compiled call sites 0 to 44 (see <see cref="CompiledSiteTests"/>).</summary>
internal static class CompiledSites1
{
    private static async Task Site0(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Rank == a).OrderBy(p => p.Id).ToList(),
            () => r.All.Where(p => p.Rank == a).OrderBy(p => p.Id).ToList());
    }

    private static async Task Site1(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Rank == a).OrderBy(p => p.Id).Skip(sk).Take(tk).ToArray(),
            () => r.All.Where(p => p.Rank == a).OrderBy(p => p.Id).Skip(sk).Take(tk).ToArray());
    }

    private static async Task Site2(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Rank == a).Take(tk).First(),
            () => r.All.Where(p => p.Rank == a).Take(tk).First());
    }

    private static async Task Site3(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Rank == a).OrderBy(p => p.Id).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).FirstOrDefault(),
            () => r.All.Where(p => p.Rank == a).OrderBy(p => p.Id).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).FirstOrDefault());
    }

    private static async Task Site4(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Rank == a).OrderBy(p => p.Id).Skip(sk).Take(tk).Single(),
            () => r.All.Where(p => p.Rank == a).OrderBy(p => p.Id).Skip(sk).Take(tk).Single());
    }

    private static async Task Site5(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Rank != a && p.Active).Take(tk).SingleOrDefault(),
            () => r.All.Where(p => p.Rank != a && p.Active).Take(tk).SingleOrDefault());
    }

    private static async Task Site6(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Rank != a && p.Active).Count(),
            () => r.All.Where(p => p.Rank != a && p.Active).Count());
    }

    private static async Task Site7(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Rank != a && p.Active).OrderBy(p => p.Id).Skip(sk).Take(tk).LongCount(),
            () => r.All.Where(p => p.Rank != a && p.Active).OrderBy(p => p.Id).Skip(sk).Take(tk).LongCount());
    }

    private static async Task Site8(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Rank != a && p.Active).OrderBy(p => p.Id).Take(tk).Any(),
            () => r.All.Where(p => p.Rank != a && p.Active).OrderBy(p => p.Id).Take(tk).Any());
    }

    private static async Task Site9(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Rank != a && p.Active).ToListAsync(),
            () => r.All.Where(p => p.Rank != a && p.Active).ToList());
    }

    private static async Task Site10(SiteRun r)
    {
        var w = r.Pick(SiteValues.Weights);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Weight > w || !p.Active).OrderBy(p => p.Id).Skip(sk).Take(tk).FirstOrDefaultAsync(),
            () => r.All.Where(p => p.Weight > w || !p.Active).OrderBy(p => p.Id).Skip(sk).Take(tk).FirstOrDefault());
    }

    private static async Task Site11(SiteRun r)
    {
        var w = r.Pick(SiteValues.Weights);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Weight > w || !p.Active).Take(tk).CountAsync(),
            () => r.All.Where(p => p.Weight > w || !p.Active).Take(tk).Count());
    }

    private static async Task Site12(SiteRun r)
    {
        var w = r.Pick(SiteValues.Weights);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Weight > w || !p.Active).OrderBy(p => p.Id).AnyAsync(),
            () => r.All.Where(p => p.Weight > w || !p.Active).OrderBy(p => p.Id).Any());
    }

    private static async Task Site13(SiteRun r)
    {
        var w = r.Pick(SiteValues.Weights);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Weight > w || !p.Active).Skip(sk).Take(tk).SingleOrDefaultAsync(),
            () => r.All.Where(p => p.Weight > w || !p.Active).Skip(sk).Take(tk).SingleOrDefault());
    }

    private static async Task Site14(SiteRun r)
    {
        var w = r.Pick(SiteValues.Weights);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Weight > w || !p.Active).Take(tk).ToList(),
            () => r.All.Where(p => p.Weight > w || !p.Active).Take(tk).ToList());
    }

    private static async Task Site15(SiteRun r)
    {
        var lv = r.Pick(SiteValues.Levels);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Level == lv || p.Level > lv).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).ToArray(),
            () => r.All.Where(p => p.Level == lv || p.Level > lv).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).ToArray());
    }

    private static async Task Site16(SiteRun r)
    {
        var lv = r.Pick(SiteValues.Levels);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Level == lv || p.Level > lv).Skip(sk).Take(tk).First(),
            () => r.All.Where(p => p.Level == lv || p.Level > lv).Skip(sk).Take(tk).First());
    }

    private static async Task Site17(SiteRun r)
    {
        var lv = r.Pick(SiteValues.Levels);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Level == lv || p.Level > lv).Take(tk).FirstOrDefault(),
            () => r.All.Where(p => p.Level == lv || p.Level > lv).Take(tk).FirstOrDefault());
    }

    private static async Task Site18(SiteRun r)
    {
        var lv = r.Pick(SiteValues.Levels);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Level == lv || p.Level > lv).OrderBy(p => p.Id).Single(),
            () => r.All.Where(p => p.Level == lv || p.Level > lv).OrderBy(p => p.Id).Single());
    }

    private static async Task Site19(SiteRun r)
    {
        var lv = r.Pick(SiteValues.Levels);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Level == lv || p.Level > lv).Skip(sk).Take(tk).SingleOrDefault(),
            () => r.All.Where(p => p.Level == lv || p.Level > lv).Skip(sk).Take(tk).SingleOrDefault());
    }

    private static async Task Site20(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Level != null && p.Name == n).OrderBy(p => p.Id).Take(tk).Count(),
            () => r.All.Where(p => p.Level != null && p.Name == n).OrderBy(p => p.Id).Take(tk).Count());
    }

    private static async Task Site21(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Level != null && p.Name == n).LongCount(),
            () => r.All.Where(p => p.Level != null && p.Name == n).LongCount());
    }

    private static async Task Site22(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Level != null && p.Name == n).OrderBy(p => p.Id).Skip(sk).Take(tk).Any(),
            () => r.All.Where(p => p.Level != null && p.Name == n).OrderBy(p => p.Id).Skip(sk).Take(tk).Any());
    }

    private static async Task Site23(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Level != null && p.Name == n).OrderBy(p => p.Id).Take(tk).Select(p => p.Code).ToListAsync(),
            () => r.All.Where(p => p.Level != null && p.Name == n).OrderBy(p => p.Id).Take(tk).Select(p => p.Code).ToList());
    }

    private static async Task Site24(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Level != null && p.Name == n).FirstOrDefaultAsync(),
            () => r.All.Where(p => p.Level != null && p.Name == n).FirstOrDefault());
    }

    private static async Task Site25(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Name != n).Skip(sk).Take(tk).CountAsync(),
            () => r.All.Where(p => p.Name != n).Skip(sk).Take(tk).Count());
    }

    private static async Task Site26(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Name != n).Take(tk).AnyAsync(),
            () => r.All.Where(p => p.Name != n).Take(tk).Any());
    }

    private static async Task Site27(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Name != n).OrderBy(p => p.Id).SingleOrDefaultAsync(),
            () => r.All.Where(p => p.Name != n).OrderBy(p => p.Id).SingleOrDefault());
    }

    private static async Task Site28(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Name != n).Skip(sk).Take(tk).ToList(),
            () => r.All.Where(p => p.Name != n).Skip(sk).Take(tk).ToList());
    }

    private static async Task Site29(SiteRun r)
    {
        var n = r.Pick(SiteValues.Names);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Name != n).OrderBy(p => p.Id).Take(tk).ToArray(),
            () => r.All.Where(p => p.Name != n).OrderBy(p => p.Id).Take(tk).ToArray());
    }

    private static async Task Site30(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Name!.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Id).First(),
            () => r.All.Where(p => p.Name != null && p.Name.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Id).First());
    }

    private static async Task Site31(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Name!.StartsWith(x, StringComparison.Ordinal)).Skip(sk).Take(tk).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).FirstOrDefault(),
            () => r.All.Where(p => p.Name != null && p.Name.StartsWith(x, StringComparison.Ordinal)).Skip(sk).Take(tk).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).FirstOrDefault());
    }

    private static async Task Site32(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Name!.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Id).Take(tk).Single(),
            () => r.All.Where(p => p.Name != null && p.Name.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Id).Take(tk).Single());
    }

    private static async Task Site33(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Name!.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Id).SingleOrDefault(),
            () => r.All.Where(p => p.Name != null && p.Name.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Id).SingleOrDefault());
    }

    private static async Task Site34(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Name!.StartsWith(x, StringComparison.Ordinal)).Skip(sk).Take(tk).Count(),
            () => r.All.Where(p => p.Name != null && p.Name.StartsWith(x, StringComparison.Ordinal)).Skip(sk).Take(tk).Count());
    }

    private static async Task Site35(SiteRun r)
    {
        var k = r.Pick(LinqData.Kinds);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Kind == k || p.Grade > k).Take(tk).LongCount(),
            () => r.All.Where(p => p.Kind == k || p.Grade > k).Take(tk).LongCount());
    }

    private static async Task Site36(SiteRun r)
    {
        var k = r.Pick(LinqData.Kinds);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Kind == k || p.Grade > k).OrderBy(p => p.Id).Any(),
            () => r.All.Where(p => p.Kind == k || p.Grade > k).OrderBy(p => p.Id).Any());
    }

    private static async Task Site37(SiteRun r)
    {
        var k = r.Pick(LinqData.Kinds);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Kind == k || p.Grade > k).Skip(sk).Take(tk).ToListAsync(),
            () => r.All.Where(p => p.Kind == k || p.Grade > k).Skip(sk).Take(tk).ToList());
    }

    private static async Task Site38(SiteRun r)
    {
        var k = r.Pick(LinqData.Kinds);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Kind == k || p.Grade > k).Take(tk).FirstOrDefaultAsync(),
            () => r.All.Where(p => p.Kind == k || p.Grade > k).Take(tk).FirstOrDefault());
    }

    private static async Task Site39(SiteRun r)
    {
        var k = r.Pick(LinqData.Kinds);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Kind == k || p.Grade > k).OrderBy(p => p.Id).CountAsync(),
            () => r.All.Where(p => p.Kind == k || p.Grade > k).OrderBy(p => p.Id).Count());
    }

    private static async Task Site40(SiteRun r)
    {
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Kind != LinqKind.Silver && p.Grade == null).Skip(sk).Take(tk).AnyAsync(),
            () => r.All.Where(p => p.Kind != LinqKind.Silver && p.Grade == null).Skip(sk).Take(tk).Any());
    }

    private static async Task Site41(SiteRun r)
    {
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Kind != LinqKind.Silver && p.Grade == null).Take(tk).SingleOrDefaultAsync(),
            () => r.All.Where(p => p.Kind != LinqKind.Silver && p.Grade == null).Take(tk).SingleOrDefault());
    }

    private static async Task Site42(SiteRun r)
    {
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Kind != LinqKind.Silver && p.Grade == null).OrderBy(p => p.Id).ToList(),
            () => r.All.Where(p => p.Kind != LinqKind.Silver && p.Grade == null).OrderBy(p => p.Id).ToList());
    }

    private static async Task Site43(SiteRun r)
    {
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Kind != LinqKind.Silver && p.Grade == null).Skip(sk).Take(tk).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).ToArray(),
            () => r.All.Where(p => p.Kind != LinqKind.Silver && p.Grade == null).Skip(sk).Take(tk).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).ToArray());
    }

    private static async Task Site44(SiteRun r)
    {
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Kind != LinqKind.Silver && p.Grade == null).Take(tk).First(),
            () => r.All.Where(p => p.Kind != LinqKind.Silver && p.Grade == null).Take(tk).First());
    }

    /// <summary>The sites: their names (number, kind, filter), whether the generator compiles them (null: not checked), and the code.</summary>
    public static readonly Site[] All =
    [
        new("0:scan:rank-eq", true, Site0),
        new("1:scan:rank-eq", true, Site1),
        new("2:scan:rank-eq", true, Site2),
        new("3:scan:rank-eq", true, Site3),
        new("4:scan:rank-eq", true, Site4),
        new("5:scan:rank-ne-active", true, Site5),
        new("6:scan:rank-ne-active", true, Site6),
        new("7:scan:rank-ne-active", true, Site7),
        new("8:scan:rank-ne-active", true, Site8),
        new("9:scan:rank-ne-active", true, Site9),
        new("10:scan:weight-or", true, Site10),
        new("11:scan:weight-or", true, Site11),
        new("12:scan:weight-or", true, Site12),
        new("13:scan:weight-or", true, Site13),
        new("14:scan:weight-or", true, Site14),
        new("15:scan:level-lifted", true, Site15),
        new("16:scan:level-lifted", true, Site16),
        new("17:scan:level-lifted", true, Site17),
        new("18:scan:level-lifted", true, Site18),
        new("19:scan:level-lifted", true, Site19),
        new("20:scan:level-name", true, Site20),
        new("21:scan:level-name", true, Site21),
        new("22:scan:level-name", true, Site22),
        new("23:scan:level-name", true, Site23),
        new("24:scan:level-name", true, Site24),
        new("25:scan:name-ne", true, Site25),
        new("26:scan:name-ne", true, Site26),
        new("27:scan:name-ne", true, Site27),
        new("28:scan:name-ne", true, Site28),
        new("29:scan:name-ne", true, Site29),
        new("30:scan:name-prefix", true, Site30),
        new("31:scan:name-prefix", true, Site31),
        new("32:scan:name-prefix", true, Site32),
        new("33:scan:name-prefix", true, Site33),
        new("34:scan:name-prefix", true, Site34),
        new("35:scan:kind", true, Site35),
        new("36:scan:kind", true, Site36),
        new("37:scan:kind", true, Site37),
        new("38:scan:kind", true, Site38),
        new("39:scan:kind", true, Site39),
        new("40:scan:kind-const", true, Site40),
        new("41:scan:kind-const", true, Site41),
        new("42:scan:kind-const", true, Site42),
        new("43:scan:kind-const", true, Site43),
        new("44:scan:kind-const", true, Site44),
    ];
}
