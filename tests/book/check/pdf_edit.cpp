#include "pdf_edit.h"

#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <functional>
#include <memory>

namespace puzzlepress::testing {
namespace {

std::string edited(const std::string& pdf, const std::function<void(QPDF&)>& change,
                   const std::function<void(QPDFWriter&)>& writer_setup = {}) {
  QPDF qpdf;
  qpdf.processMemoryFile("test.pdf", pdf.data(), pdf.size());
  change(qpdf);
  QPDFWriter w(qpdf);
  w.setOutputMemory();
  w.setStaticID(true);
  if (writer_setup) writer_setup(w);
  w.write();
  std::shared_ptr<Buffer> buffer = w.getBufferSharedPointer();
  return std::string(reinterpret_cast<const char*>(buffer->getBuffer()), buffer->getSize());
}

QPDFObjectHandle page_of(QPDF& qpdf, int page) { return qpdf.getAllPages().at(static_cast<std::size_t>(page - 1)); }

}  // namespace

std::string encrypted(const std::string& pdf) {
  return edited(
      pdf, [](QPDF&) {},
      [](QPDFWriter& w) {
        w.setR6EncryptionParameters("", "owner", true, true, true, true, true, true, qpdf_r3p_full, true);
      });
}

std::string password_protected(const std::string& pdf) {
  return edited(
      pdf, [](QPDF&) {},
      [](QPDFWriter& w) {
        w.setR6EncryptionParameters("secret", "owner", true, true, true, true, true, true, qpdf_r3p_full, true);
      });
}

std::string with_annotation(const std::string& pdf, int page, const std::string& subtype) {
  return edited(pdf, [&](QPDF& qpdf) {
    QPDFObjectHandle annot = qpdf.makeIndirectObject(QPDFObjectHandle::parse(
        "<< /Type /Annot /Subtype /" + subtype + " /Rect [100 100 200 120] /Border [0 0 0] >>"));
    QPDFObjectHandle p = page_of(qpdf, page);
    if (!p.getKey("/Annots").isArray()) p.replaceKey("/Annots", QPDFObjectHandle::newArray());
    p.getKey("/Annots").appendItem(annot);
  });
}

std::string with_annotation_appearance(const std::string& pdf, int page, const std::string& appearance) {
  return edited(pdf, [&](QPDF& qpdf) {
    QPDFObjectHandle form = QPDFObjectHandle::newStream(&qpdf, appearance);
    form.getDict().replaceKey("/Type", QPDFObjectHandle::newName("/XObject"));
    form.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/Form"));
    form.getDict().replaceKey("/BBox", QPDFObjectHandle::parse("[0 0 100 100]"));
    QPDFObjectHandle annot =
        qpdf.makeIndirectObject(QPDFObjectHandle::parse("<< /Type /Annot /Subtype /Square /Rect [100 100 200 200] >>"));
    QPDFObjectHandle ap = QPDFObjectHandle::newDictionary();
    ap.replaceKey("/N", form);
    annot.replaceKey("/AP", ap);
    QPDFObjectHandle p = page_of(qpdf, page);
    if (!p.getKey("/Annots").isArray()) p.replaceKey("/Annots", QPDFObjectHandle::newArray());
    p.getKey("/Annots").appendItem(annot);
  });
}

std::string with_outline(const std::string& pdf) {
  return edited(pdf, [](QPDF& qpdf) {
    QPDFObjectHandle outlines = qpdf.makeIndirectObject(QPDFObjectHandle::parse("<< /Type /Outlines /Count 1 >>"));
    QPDFObjectHandle item = qpdf.makeIndirectObject(QPDFObjectHandle::parse("<< /Title (Chapter) >>"));
    item.replaceKey("/Parent", outlines);
    item.replaceKey("/Dest", QPDFObjectHandle::newArray({page_of(qpdf, 1), QPDFObjectHandle::newName("/Fit")}));
    outlines.replaceKey("/First", item);
    outlines.replaceKey("/Last", item);
    qpdf.getRoot().replaceKey("/Outlines", outlines);
  });
}

std::string with_javascript(const std::string& pdf) {
  return edited(pdf, [](QPDF& qpdf) {
    qpdf.getRoot().replaceKey("/OpenAction", QPDFObjectHandle::parse("<< /S /JavaScript /JS (app.alert\\(1\\);) >>"));
  });
}

std::string with_trim_box(const std::string& pdf, int page, double x, double y, double w, double h) {
  return edited(pdf, [&](QPDF& qpdf) {
    page_of(qpdf, page).replaceKey("/TrimBox", QPDFObjectHandle::newFromRectangle({x, y, x + w, y + h}));
  });
}

std::string with_nested_forms(const std::string& pdf, int page, int depth, int draws) {
  return edited(pdf, [&](QPDF& qpdf) {
    // Innermost first: form k draws form k + 1 as /F, `draws` times.
    QPDFObjectHandle inner = QPDFObjectHandle::newStream(&qpdf, "200 200 m 220 200 l S\n");
    inner.getDict().replaceKey("/Type", QPDFObjectHandle::newName("/XObject"));
    inner.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/Form"));
    inner.getDict().replaceKey("/BBox", QPDFObjectHandle::parse("[0 0 1000 1000]"));
    for (int k = 1; k < depth; ++k) {
      std::string body;
      for (int d = 0; d < draws; ++d) body += "/F Do\n";
      QPDFObjectHandle outer = QPDFObjectHandle::newStream(&qpdf, body);
      outer.getDict().replaceKey("/Type", QPDFObjectHandle::newName("/XObject"));
      outer.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/Form"));
      outer.getDict().replaceKey("/BBox", QPDFObjectHandle::parse("[0 0 1000 1000]"));
      QPDFObjectHandle resources = QPDFObjectHandle::newDictionary();
      QPDFObjectHandle xobjects = QPDFObjectHandle::newDictionary();
      xobjects.replaceKey("/F", inner);
      resources.replaceKey("/XObject", xobjects);
      outer.getDict().replaceKey("/Resources", resources);
      inner = outer;
    }
    QPDFPageObjectHelper p(page_of(qpdf, page));
    QPDFObjectHandle resources = p.getAttribute("/Resources", true);
    if (!resources.hasKey("/XObject")) resources.replaceKey("/XObject", QPDFObjectHandle::newDictionary());
    resources.getKey("/XObject").replaceKey("/Nest", inner);
    p.addPageContents(QPDFObjectHandle::newStream(&qpdf, "q /Nest Do Q\n"), false);
  });
}

std::string with_form(const std::string& pdf, int page, const std::string& form_content, const std::string& content) {
  return edited(pdf, [&](QPDF& qpdf) {
    QPDFObjectHandle form = QPDFObjectHandle::newStream(&qpdf, form_content);
    form.getDict().replaceKey("/Type", QPDFObjectHandle::newName("/XObject"));
    form.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/Form"));
    form.getDict().replaceKey("/BBox", QPDFObjectHandle::parse("[0 0 1000 1000]"));
    QPDFPageObjectHelper p(page_of(qpdf, page));
    QPDFObjectHandle resources = p.getAttribute("/Resources", true);
    if (!resources.hasKey("/XObject")) resources.replaceKey("/XObject", QPDFObjectHandle::newDictionary());
    resources.getKey("/XObject").replaceKey("/G", form);
    p.addPageContents(QPDFObjectHandle::newStream(&qpdf, content), false);
  });
}

std::string with_content(const std::string& pdf, int page, const std::string& content, const std::string& resources) {
  return edited(pdf, [&](QPDF& qpdf) {
    QPDFPageObjectHelper p(page_of(qpdf, page));
    QPDFObjectHandle page_resources = p.getAttribute("/Resources", true);
    QPDFObjectHandle added = QPDFObjectHandle::parse(resources);
    for (const std::string& kind : added.getKeys()) {
      if (!page_resources.hasKey(kind)) page_resources.replaceKey(kind, QPDFObjectHandle::newDictionary());
      QPDFObjectHandle entries = added.getKey(kind);
      for (const std::string& name : entries.getKeys())
        page_resources.getKey(kind).replaceKey(name, entries.getKey(name));
    }
    p.addPageContents(QPDFObjectHandle::newStream(&qpdf, content), false);
  });
}

std::string with_unembedded_font(const std::string& pdf, int page) {
  return edited(pdf, [&](QPDF& qpdf) {
    QPDFObjectHandle font =
        qpdf.makeIndirectObject(QPDFObjectHandle::parse("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"));
    QPDFPageObjectHelper p(page_of(qpdf, page));
    QPDFObjectHandle resources = p.getAttribute("/Resources", true);
    if (!resources.hasKey("/Font")) resources.replaceKey("/Font", QPDFObjectHandle::newDictionary());
    resources.getKey("/Font").replaceKey("/Hv", font);
    p.addPageContents(QPDFObjectHandle::newStream(&qpdf, "BT /Hv 12 Tf 100 100 Td (Hi) Tj ET\n"), false);
  });
}

std::string without_page(const std::string& pdf, int page) {
  return edited(pdf, [&](QPDF& qpdf) {
    QPDFPageDocumentHelper doc(qpdf);
    doc.removePage(QPDFPageObjectHelper(page_of(qpdf, page)));
  });
}

std::string with_pages_swapped(const std::string& pdf, int a, int b) {
  return edited(pdf, [&](QPDF& qpdf) {
    std::vector<QPDFObjectHandle> pages = qpdf.getAllPages();
    QPDFPageDocumentHelper doc(qpdf);
    QPDFPageObjectHelper pa(pages.at(static_cast<std::size_t>(a - 1)));
    QPDFPageObjectHelper pb(pages.at(static_cast<std::size_t>(b - 1)));
    // Move b before a, then a to where b was.
    doc.removePage(pb);
    doc.addPageAt(pb, true, pa);
    doc.removePage(pa);
    std::vector<QPDFObjectHandle> now = qpdf.getAllPages();
    if (static_cast<std::size_t>(b - 1) < now.size()) {
      doc.addPageAt(pa, true, QPDFPageObjectHelper(now.at(static_cast<std::size_t>(b - 1))));
    } else {
      doc.addPage(pa, false);
    }
  });
}

}  // namespace puzzlepress::testing
