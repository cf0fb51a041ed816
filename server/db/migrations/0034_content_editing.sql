-- A blog post without a publication date is a draft: moderators publish and unpublish posts (issue 35).
ALTER TABLE "blog_posts" ALTER COLUMN "published_at" DROP NOT NULL;